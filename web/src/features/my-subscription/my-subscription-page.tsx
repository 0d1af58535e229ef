import type { MySubscription } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../ui/query-status';
import { RouteLink } from '../../ui/route-link';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useMySubscriptions } from './api/get-my-subscriptions';
import { Donations } from './donations';
import { Invoices } from './invoices';
import { PlanCard } from './plan-card';
import './my-subscription.css';

/**
 * Spec §2 My subscription (/account/subscriptions, signed-in; issue 28):
 * the family's plan (its price, next payment, card, a pending cancel with
 * Resume, past due with what to do, the switch to annual), its invoices with
 * previous and next pages, and the monthly donations. With no plan, a title
 * and the way to the plans.
 */
export default function MySubscriptionPage() {
  const { t } = useI18n();
  useDocumentTitle(t('mySubscription.title'));
  return (
    <article className="page my-subscription">
      <h1>{t('mySubscription.title')}</h1>
      <Subscriptions />
    </article>
  );
}

function Subscriptions() {
  const { data, error, isPending } = useMySubscriptions();
  if (isPending) return <Loading />;
  // Spec §8: a failed listing is treated as empty; its message says why.
  const list: readonly MySubscription[] = data?.data ?? [];
  // A plan cancelled now from this visit's cancel screen is kept in the list as it was answered: it has ended.
  const plan = list.find((s) => s.type === 'subscription' && s.status !== 'cancelled');
  const donations = list.filter((s) => s.type === 'recurring_donation');
  return (
    <>
      {plan ? (
        <>
          <PlanCard plan={plan} />
          <Invoices subscriptionId={plan.id} />
        </>
      ) : (
        <NoPlan error={error} />
      )}
      {donations.length > 0 && <Donations donations={donations} />}
    </>
  );
}

/** Spec §2: with no subscription, a title with a purchase link; spec §9's help line for gift subscriptions. */
function NoPlan({ error }: { error: unknown }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  return (
    <section className="my-subscription__none card card--tinted" aria-labelledby="my-subscription-none">
      <h2 id="my-subscription-none">{t('mySubscription.none.title')}</h2>
      {error ? (
        <p className="form-status form-status--error" role="alert">
          {errorMessage(error, 'errors.subscription_error_retrieving')}
        </p>
      ) : null}
      <p>{t('mySubscription.none.text')}</p>
      <p>
        <RouteLink to="subscription" className="tap-link">
          {t('mySubscription.none.link')}
        </RouteLink>
      </p>
      <p className="my-subscription__help">{t('mySubscription.none.giftHelp', { phone: t('footer.phone') })}</p>
    </section>
  );
}
