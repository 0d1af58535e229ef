import {
  type CmsDonation,
  type CmsEntry,
  DEDICATION_KINDS,
  DONATION_PRESETS_USD,
  DONATION_USD,
  type DonationInput,
  RECIPIENT_NAME_MAX,
  routePath,
} from '@storyhouse/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountChoice } from '../../components/amount/amount-choice';
import { CoverFee } from '../../components/cart/cover-fee';
import { CmsColumns } from '../../components/cms/cms-columns';
import { CmsHtml } from '../../components/cms/cms-html';
import type { LayoutProps } from '../../components/cms/layout-props';
import { useI18n } from '../../lib/i18n';
import { FieldError, fieldClass } from '../../ui/form/fields';
import { FormFailure } from '../../ui/form/submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useAddDonations } from './api/add-donations';
import {
  type DedicationKind,
  type DonationChoice,
  donationAmount,
  donationLine,
  HONOREE_MAX,
  honoreeMissing,
  noChoice,
  noticeProblems,
  offersMonthly,
} from './donation';
import './donations.css';

/**
 * One CMS donation block (spec §2 Donations): its title and description,
 * the amount (the block's amounts, else the presets of spec §9, plus
 * Other), once or monthly, and the optional "for someone" section.
 */
function DonationBlock({
  block,
  choice,
  onChange,
  showErrors,
}: {
  block: CmsDonation;
  choice: DonationChoice;
  onChange: (change: Partial<DonationChoice>) => void;
  showErrors: boolean;
}) {
  const { t, formatMoney } = useI18n();
  const id = useId();
  const [honoreeTouched, setHonoreeTouched] = useState(false);
  const honoreeError = honoreeMissing(choice) && (showErrors || honoreeTouched) ? t('donations.honoreeRequired') : undefined;
  const [noticeTouched, setNoticeTouched] = useState({ name: false, email: false });
  const notice = noticeProblems(choice);
  const noticeNameError = notice.name && (showErrors || noticeTouched.name) ? t('donations.notice.nameRequired') : undefined;
  const noticeEmailError =
    notice.email && (showErrors || noticeTouched.email)
      ? t(notice.email === 'required' ? 'donations.notice.emailRequired' : 'donations.notice.emailInvalid')
      : undefined;
  const presets = block.amounts.length > 0 ? block.amounts : DONATION_PRESETS_USD;
  return (
    <section className="donation card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="donation__title">
        {block.title.value}
      </h2>
      <CmsHtml html={block.description.value} className="donation__description" />
      <AmountChoice
        legend={t('donations.amount')}
        presets={presets}
        state={choice.amount}
        onChange={(amount) => onChange({ amount })}
        range={DONATION_USD}
        otherLabel={t('donations.other')}
        otherHint={t('donations.otherHint', { min: formatMoney(DONATION_USD.min) })}
        problems={{
          invalid: t('donations.amountInvalid'),
          tooSmall: t('donations.amountTooSmall', { min: formatMoney(DONATION_USD.min) }),
          tooBig: t('donations.amountTooBig', { max: formatMoney(DONATION_USD.max) }),
        }}
      />
      {offersMonthly(block) && (
        <fieldset className="donation__choice">
          <legend>{t('donations.frequency')}</legend>
          {([false, true] as const).map((monthly) => (
            <label key={String(monthly)} className="field__radio">
              <input
                type="radio"
                name={`${id}-frequency`}
                checked={choice.monthly === monthly}
                onChange={() => onChange({ monthly })}
              />{' '}
              {t(monthly ? 'donations.monthly' : 'donations.oneTime')}
            </label>
          ))}
        </fieldset>
      )}
      <CoverFee giftUsd={donationAmount(choice)} checked={choice.coverFee} onChange={(coverFee) => onChange({ coverFee })} />
      <label className="field field--checkbox donation__for-someone">
        <input type="checkbox" checked={choice.forSomeone} onChange={(e) => onChange({ forSomeone: e.currentTarget.checked })} />{' '}
        {t('donations.forSomeone')}
      </label>
      {choice.forSomeone && (
        <fieldset className="donation__choice">
          <legend>{t('donations.dedication')}</legend>
          {DEDICATION_KINDS.map((kind: DedicationKind) => (
            <label key={kind} className="field__radio">
              <input type="radio" name={`${id}-kind`} checked={choice.kind === kind} onChange={() => onChange({ kind })} />{' '}
              {t(`donations.${kind}`)}
            </label>
          ))}
          <div className={fieldClass(honoreeError)}>
            <label htmlFor={`${id}-honoree`}>
              {t('donations.honoree')}
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              id={`${id}-honoree`}
              type="text"
              autoComplete="off"
              required
              maxLength={HONOREE_MAX}
              value={choice.honoree}
              aria-invalid={honoreeError ? true : undefined}
              aria-describedby={honoreeError ? `${id}-honoree-error` : undefined}
              onBlur={() => setHonoreeTouched(true)}
              onChange={(e) => onChange({ honoree: e.target.value })}
            />
            <FieldError id={`${id}-honoree-error`} error={honoreeError} />
          </div>
          <label className="field field--checkbox">
            <input type="checkbox" checked={choice.notify} onChange={(e) => onChange({ notify: e.currentTarget.checked })} />{' '}
            {t('donations.notice.ask')}
          </label>
          {choice.notify && (
            <>
              <div className={fieldClass(noticeNameError)}>
                <label htmlFor={`${id}-notice-name`}>
                  {t('donations.notice.name')}
                  <span className="field__required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </label>
                <input
                  id={`${id}-notice-name`}
                  type="text"
                  autoComplete="off"
                  required
                  maxLength={RECIPIENT_NAME_MAX}
                  value={choice.noticeName}
                  aria-invalid={noticeNameError ? true : undefined}
                  aria-describedby={noticeNameError ? `${id}-notice-name-error` : undefined}
                  onBlur={() => setNoticeTouched((n) => ({ ...n, name: true }))}
                  onChange={(e) => onChange({ noticeName: e.target.value })}
                />
                <FieldError id={`${id}-notice-name-error`} error={noticeNameError} />
              </div>
              <div className={fieldClass(noticeEmailError)}>
                <label htmlFor={`${id}-notice-email`}>
                  {t('donations.notice.email')}
                  <span className="field__required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </label>
                <input
                  id={`${id}-notice-email`}
                  type="email"
                  autoComplete="off"
                  required
                  maxLength={254}
                  value={choice.noticeEmail}
                  aria-invalid={noticeEmailError ? true : undefined}
                  aria-describedby={`${id}-notice-email-hint${noticeEmailError ? ` ${id}-notice-email-error` : ''}`}
                  onBlur={() => setNoticeTouched((n) => ({ ...n, email: true }))}
                  onChange={(e) => onChange({ noticeEmail: e.target.value })}
                />
                <p className="field__hint" id={`${id}-notice-email-hint`}>
                  {t('donations.notice.emailHint')}
                </p>
                <FieldError id={`${id}-notice-email-error`} error={noticeEmailError} />
              </div>
              <label className="field field--checkbox">
                <input
                  type="checkbox"
                  checked={choice.showAmount}
                  onChange={(e) => onChange({ showAmount: e.currentTarget.checked })}
                />{' '}
                {t('donations.notice.showAmount')}
              </label>
            </>
          )}
        </fieldset>
      )}
      <label className="field field--checkbox donation__anonymous">
        <input type="checkbox" checked={choice.anonymous} onChange={(e) => onChange({ anonymous: e.currentTarget.checked })} />{' '}
        {t('donations.anonymous')}
      </label>
      <p className="field__hint">{t('donations.anonymousHint')}</p>
    </section>
  );
}

/**
 * The page's donations form: one Add for every block (spec §4 Donation
 * submit: Ready, Adding). It is inactive until a block has an amount above
 * 0; it adds every such block in one request, then goes to the cart. A
 * failure is logged, its message shown, and the form is Ready again with
 * the family's choices kept (spec §8 Donation).
 */
function DonationsForm({ entry }: { entry: CmsEntry }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const addDonations = useAddDonations();
  const errorMessage = useErrorMessage();
  const form = useRef<HTMLFormElement>(null);
  const hintId = useId();
  // A block without a fund cannot be given to.
  const blocks = entry.donations.filter((b) => b.code.value !== '');
  const [choices, setChoices] = useState<DonationChoice[]>(() => blocks.map(() => noChoice));
  const [adding, setAdding] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();

  if (blocks.length === 0) return <p>{t('donations.empty')}</p>;

  const choiceAt = (i: number) => choices[i] ?? noChoice;
  const change = (i: number, next: Partial<DonationChoice>) =>
    setChoices((all) => blocks.map((_, j) => (j === i ? { ...(all[j] ?? noChoice), ...next } : (all[j] ?? noChoice))));
  const chosen = blocks.some((_, i) => donationAmount(choiceAt(i)) > 0);
  const inactive = adding || !chosen;
  const dedication = (kind: DedicationKind, honoree: string) => t(`donations.description.${kind}`, { honoree });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inactive) return;
    setSubmitted(true);
    if (blocks.some((_, i) => honoreeMissing(choiceAt(i)) || Object.keys(noticeProblems(choiceAt(i))).length > 0)) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const lines = blocks
      .map((block, i) => donationLine(block, choiceAt(i), dedication))
      .filter((l): l is DonationInput => l !== null);
    setAdding(true);
    setFailure(undefined);
    try {
      await addDonations(lines);
      navigate(routePath('cart', lang) ?? '/cart');
    } catch (error) {
      console.error('The donations could not be added to the cart', error);
      setFailure(errorMessage(error, 'donations.failed'));
      setAdding(false);
    }
  };

  return (
    <form ref={form} className="donations" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('donations.blocks')}>
      {blocks.map((block, i) => (
        <DonationBlock
          // The blocks are the CMS entry's, in its order; they do not change under the form.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          block={block}
          choice={choiceAt(i)}
          onChange={(next) => change(i, next)}
          showErrors={submitted}
        />
      ))}
      <FormFailure message={failure} />
      <div className="donations__submit">
        <button
          type="submit"
          className="button form-submit"
          aria-disabled={inactive || undefined}
          aria-describedby={chosen ? undefined : hintId}
        >
          {adding ? t('donations.adding') : t('donations.submit')}
        </button>
        {!chosen && (
          <p className="field__hint" id={hintId}>
            {t('donations.noneChosen')}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * Spec §2 Donations, the CMS layout: the optional intro, the main content,
 * then one block per CMS donation with a single Add to cart; the sidebar
 * and the optional newsletter as on every CMS page.
 */
export default function DonationsLayout({ page }: LayoutProps) {
  return (
    <CmsColumns page={page}>
      <DonationsForm entry={page.cms_entry} />
    </CmsColumns>
  );
}
