import { type MySubscription, routePath } from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { BackLink } from '../../ui/back-link';
import { Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCancelSubscription } from './api/cancel-subscription';
import { planOf, useMySubscriptions } from './api/get-my-subscriptions';
import './my-subscription.css';

/**
 * Spec §2 Cancel subscription (/account/subscription/cancel?id=sub_…, the
 * family's plan when none is named): the notes, one button whose kind the
 * server chose by spec §4 (at the period's end when a trial has hours left
 * or the period ends within a month, otherwise now with the unused part
 * refunded), cancelling and cancelled states, no_subscription when there is
 * none, and the way back.
 */
export default function CancelSubscriptionPage() {
  const { t, lang } = useI18n();
  useDocumentTitle(t('mySubscription.cancel.title'));
  return (
    <article className="page cancel-subscription">
      <h1>{t('mySubscription.cancel.title')}</h1>
      <CancelPlan />
      <p>
        <BackLink fallback={routePath('subscriptions', lang) ?? '/'}>{t('mySubscription.cancel.back')}</BackLink>
      </p>
    </article>
  );
}

function CancelPlan() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { data, isPending } = useMySubscriptions();
  if (isPending) return <Loading shape="block" />;
  // Spec §8: a failed listing is treated as empty, so it reads as none found.
  const plan = planOf(data?.data ?? [], params.get('id'));
  if (!plan) return <p role="alert">{t('errors.no_subscription')}</p>;
  return <Cancel plan={plan} />;
}

function Cancel({ plan }: { plan: MySubscription }) {
  const { t, formatDate, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const cancel = useCancelSubscription();
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The plan as it was offered when the button was pressed: the answer replaces it in the list.
  const [asked, setAsked] = useState<MySubscription>();
  const offered = asked ?? plan;
  const kind = offered.cancel_kind;
  const periodEnd = formatDate(offered.current_period_end);
  const refund = formatMoney(offered.refund_usd);
  const answer = cancel.data;
  // The page's one action done: focus goes to what it did, its button having gone.
  useEffect(() => {
    if (answer) doneRef.current?.focus();
  }, [answer]);

  if (plan.cancel_at && !answer) {
    return <p role="status">{t('mySubscription.cancel.pending', { date: formatDate(plan.cancel_at) })}</p>;
  }

  const done = answer
    ? kind === 'period_end'
      ? t('mySubscription.cancel.doneEnd', { date: formatDate(answer.cancel_at ?? answer.current_period_end) })
      : // What the server refunded (it reckons the unused part at the moment it cancels).
        answer.refund_usd > 0
        ? t('mySubscription.cancel.doneNow', { refund: formatMoney(answer.refund_usd) })
        : t('mySubscription.cancel.doneNowNoRefund')
    : '';

  return (
    <section className="cancel-subscription__plan" aria-labelledby="cancel-plan-name">
      <h2 id="cancel-plan-name">{offered.title}</h2>
      {!answer && (
        <>
          <h3>{t('mySubscription.cancel.notes')}</h3>
          <ul className="cancel-subscription__notes">
            {kind === 'period_end' ? (
              <>
                <li>{t('mySubscription.cancel.endActive', { date: periodEnd })}</li>
                <li>{t('mySubscription.cancel.endNoCharge')}</li>
                <li>{t('mySubscription.cancel.endResume', { date: periodEnd })}</li>
              </>
            ) : (
              <>
                <li>{t('mySubscription.cancel.nowEnds')}</li>
                <li>
                  {offered.refund_usd > 0
                    ? t('mySubscription.cancel.nowRefund', { refund })
                    : t('mySubscription.cancel.nowNoRefund')}
                </li>
              </>
            )}
            <li>{t('mySubscription.cancel.owned')}</li>
          </ul>
          <button
            type="button"
            className="button button--danger"
            disabled={cancel.isPending}
            onClick={() => {
              setAsked(plan);
              cancel.mutate({ id: plan.id, kind });
            }}
          >
            {cancel.isPending
              ? t('mySubscription.cancel.cancelling')
              : kind === 'period_end'
                ? t('mySubscription.cancel.atEnd')
                : t('mySubscription.cancel.now')}
          </button>
          {cancel.isError && (
            <p className="form-status form-status--error" role="alert">
              {errorMessage(cancel.error)}
            </p>
          )}
        </>
      )}
      {/* Present from the start, so the change to cancelled is announced. */}
      <p ref={doneRef} tabIndex={-1} className="cancel-subscription__done" role="status">
        {done}
      </p>
    </section>
  );
}
