import { type CmsDonation, DEDICATION_KINDS, DONATION_USD, type DonationInput, EmailAddress } from '@storyhouse/contracts';
import { type AmountState, amountOf, noAmount } from '../../components/amount/amount';

export type DedicationKind = (typeof DEDICATION_KINDS)[number];

/** What the family chose in one donation block (spec §2 Donations, §4 Donation amount, §5 Donation). */
export interface DonationChoice {
  amount: AmountState;
  monthly: boolean;
  /** "This gift is for someone" ticked. */
  forSomeone: boolean;
  kind: DedicationKind;
  honoree: string;
  /** "Add … so all of my gift goes to the ministry" ticked (decision 067). */
  coverFee: boolean;
  /** "Let someone know about this gift" ticked (decision 070): the notice's person and whether it says the amount. */
  notify: boolean;
  noticeName: string;
  noticeEmail: string;
  showAmount: boolean;
  /** "Don't show my name" (decision 070). */
  anonymous: boolean;
}

export const noChoice: DonationChoice = {
  amount: noAmount,
  monthly: false,
  forSomeone: false,
  kind: DEDICATION_KINDS[0],
  honoree: '',
  coverFee: false,
  notify: false,
  noticeName: '',
  noticeEmail: '',
  showAmount: false,
  anonymous: false,
};

/** The longest honoree name the form takes, so the dedication fits the line's description (contracts DonationInput). */
export const HONOREE_MAX = 200;

export const donationAmount = (choice: DonationChoice) => amountOf(choice.amount, DONATION_USD);

/** Spec §5: the honoree's name is required when the gift is for someone (and it is given: only amounts above 0 are). */
export const honoreeMissing = (choice: DonationChoice) =>
  donationAmount(choice) > 0 && choice.forSomeone && choice.honoree.trim() === '';

/** Whether the tribute's notice is asked for on a gift that is given (an amount above 0, for someone). */
const notifies = (choice: DonationChoice) => donationAmount(choice) > 0 && choice.forSomeone && choice.notify;

/** Decision 070: the notice's person needs a name and an e-mail address (the contract's own check), when asked for. */
export function noticeProblems(choice: DonationChoice): { name?: 'required'; email?: 'required' | 'invalid' } {
  if (!notifies(choice)) return {};
  const email = choice.noticeEmail.trim();
  return {
    ...(choice.noticeName.trim() === '' ? { name: 'required' as const } : {}),
    ...(email === ''
      ? { email: 'required' as const }
      : EmailAddress.safeParse(email).success
        ? {}
        : { email: 'invalid' as const }),
  };
}

/** Whether a block offers a monthly gift: the CMS named a monthly fund. */
export const offersMonthly = (block: CmsDonation) => block.monthly_code.value !== '';

/**
 * The cart line of a block (spec §3 Donation cart line), or null when its
 * amount is 0. Monthly changes the fund's code, the title (to the monthly
 * title when the CMS has one) and the type (spec §4 Donation amount);
 * `dedication` words the description in the site language.
 */
export function donationLine(
  block: CmsDonation,
  choice: DonationChoice,
  dedication: (kind: DedicationKind, honoree: string) => string,
): DonationInput | null {
  const amount = donationAmount(choice);
  if (amount <= 0) return null;
  const monthly = choice.monthly && offersMonthly(block);
  const honoree = choice.honoree.trim();
  const tribute = choice.forSomeone && honoree;
  return {
    title: (monthly && block.monthly_title.value) || block.title.value,
    description: tribute ? dedication(choice.kind, honoree) : '',
    code: monthly ? block.monthly_code.value : block.code.value,
    amount,
    type: monthly ? 'recurring_donation' : 'donation',
    cover_fee: choice.coverFee,
    ...(tribute
      ? {
          tribute: {
            kind: choice.kind,
            honoree,
            ...(choice.notify
              ? { notify: { name: choice.noticeName.trim(), email: choice.noticeEmail.trim(), show_amount: choice.showAmount } }
              : {}),
          },
        }
      : {}),
    anonymous: choice.anonymous,
  };
}
