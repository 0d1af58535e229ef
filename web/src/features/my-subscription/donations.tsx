import type { MySubscription } from '@storyhouse/contracts';
import { CancelDonation } from '../../components/renewals/cancel-donation';
import { useI18n } from '../../lib/i18n';
import { useCancelDonation } from './api/cancel-subscription';
import { ChangeCard } from './change-card';
import { ChangeGift } from './change-gift';
import { CoverFeeToggle } from './cover-fee-toggle';
import { GiftReceipts } from './gift-receipts';

/**
 * The family's monthly donations (issue 28 item 5): each gift's amount, when
 * the next one goes, and Cancel; its amount, day and a pause (issue 45).
 */
export function Donations({ donations }: { donations: readonly MySubscription[] }) {
  const { t } = useI18n();
  return (
    <section className="my-donations" aria-labelledby="my-subscription-donations">
      <h2 id="my-subscription-donations">{t('mySubscription.donations.title')}</h2>
      <ul className="my-donations__list">
        {donations.map((donation) => (
          <Donation key={donation.id} donation={donation} />
        ))}
      </ul>
    </section>
  );
}

function Donation({ donation }: { donation: MySubscription }) {
  const { t, formatDate, formatMoney } = useI18n();
  const cancel = useCancelDonation(donation);
  // A donation cancelled at its period's end gives no further gift: it reads Cancelled.
  const live = donation.status !== 'cancelled' && donation.cancel_at === null;
  return (
    <li className="my-donations__item card">
      <h3 className="my-donations__title">{donation.title}</h3>
      <p>
        {t('mySubscription.donations.amount', { amount: formatMoney(donation.price_usd) })}
        {live && donation.next_payment && (
          <>
            {' · '}
            {t('mySubscription.donations.next', { date: formatDate(donation.next_payment.date) })}
          </>
        )}
      </p>
      <CancelDonation title={donation.title} cancelled={!live} cancel={cancel} />
      {live && <ChangeGift gift={donation} />}
      {live && <ChangeCard subscription={donation} />}
      {live && <CoverFeeToggle donation={donation} />}
      <GiftReceipts gift={donation} />
    </li>
  );
}
