import { type MySubscription, routePath } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { useErrorMessage } from '../../ui/use-error-message';
import { useChangePlan } from './api/change-plan';
import { useResumeSubscription } from './api/resume-subscription';
import { useCardName } from './card-name';
import { ChangeCard } from './change-card';
import { formatPlanPrice, periodCents, perMonthCents } from './price';

/**
 * The plan card of My subscription (spec §2, §4 Subscription, §9 prices):
 * its name and price, status, next payment and card; past due with what
 * to do; a pending cancel with its date and Resume, otherwise a Cancel link;
 * a monthly plan's switch to annual.
 */
export function PlanCard({ plan }: { plan: MySubscription }) {
  const { t, lang, formatDate, formatMoney } = useI18n();
  const cardName = useCardName();
  const headingId = useId();
  // What the last change did (resumed, switched to annual), said here: the control that made it has gone by then.
  // The calls live here too, so their answers arrive while this card is mounted.
  const [notice, setNotice] = useState('');
  const resume = useResumeSubscription();
  const changePlan = useChangePlan();
  const cents = periodCents(plan.items);
  const price = formatPlanPrice(cents, lang);
  return (
    <section className="plan-card card" aria-labelledby={headingId}>
      <h2 id={headingId} className="plan-card__name">
        {plan.title}
      </h2>
      <p className="plan-card__price">
        {plan.interval === 'year' ? t('mySubscription.perYr', { price }) : t('mySubscription.perMo', { price })}
      </p>
      {plan.interval === 'year' && (
        <p className="plan-card__note">{t('subscription.perMonth', { price: formatPlanPrice(perMonthCents(cents), lang) })}</p>
      )}
      <h3 className="visually-hidden">{t('mySubscription.facts')}</h3>
      <dl className="plan-card__facts">
        <div>
          <dt>{t('mySubscription.status')}</dt>
          <dd className={`plan-card__status plan-card__status--${plan.status}`}>
            {t(`mySubscription.statusValue.${plan.status}`)}
          </dd>
        </div>
        {plan.next_payment && (
          <>
            <div>
              <dt>{t('mySubscription.renewsOn')}</dt>
              <dd>{formatDate(plan.next_payment.date)}</dd>
            </div>
            <div>
              <dt>{t('mySubscription.nextPayment')}</dt>
              <dd>{formatMoney(plan.next_payment.amount_usd)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('mySubscription.card')}</dt>
          <dd>{plan.card ? cardName(plan.card) : t('mySubscription.noCard')}</dd>
        </div>
      </dl>
      {plan.past_due && <PastDue pastDue={plan.past_due} />}
      {plan.cancel_at ? (
        <PendingCancel plan={plan} cancelAt={plan.cancel_at} resume={resume} onDone={setNotice} />
      ) : (
        plan.status !== 'cancelled' && (
          <p className="plan-card__cancel">
            <Link className="tap-link" to={`${routePath('subscriptionCancel', lang)}?${new URLSearchParams({ id: plan.id })}`}>
              {t('mySubscription.cancelLink')}
            </Link>
          </p>
        )
      )}
      {plan.upgrade && !plan.cancel_at && plan.status === 'active' && (
        <SwitchToAnnual plan={plan} upgrade={plan.upgrade} change={changePlan} onDone={setNotice} />
      )}
      <p className="plan-card__notice" role="status">
        {notice}
      </p>
      {plan.status !== 'cancelled' && <ChangeCard subscription={plan} />}
    </section>
  );
}

/** Issue 28 item 2: a renewal failed; the plan keeps its access while the card is tried again. What to do, and when. */
function PastDue({ pastDue }: { pastDue: NonNullable<MySubscription['past_due']> }) {
  const { t, formatDate, formatMoney } = useI18n();
  return (
    <div className="plan-card__past-due" role="alert">
      <p className="plan-card__past-due-title">{t('mySubscription.pastDue.title')}</p>
      <p>{t('mySubscription.pastDue.text', { amount: formatMoney(pastDue.amount_usd) })}</p>
      <p>
        {pastDue.next_attempt_at
          ? t('mySubscription.pastDue.retry', { date: formatDate(pastDue.next_attempt_at) })
          : t('mySubscription.pastDue.lastTry')}
      </p>
      <p>{t('mySubscription.pastDue.whatToDo')}</p>
      <p>
        <RouteLink to="accountSettings">{t('mySubscription.pastDue.settings')}</RouteLink>
      </p>
    </div>
  );
}

/** Spec §4 pending-cancel: the date it ends, and Resume, which refreshes the plan. */
function PendingCancel({
  plan,
  cancelAt,
  resume,
  onDone,
}: {
  plan: MySubscription;
  cancelAt: string;
  resume: ReturnType<typeof useResumeSubscription>;
  onDone: (notice: string) => void;
}) {
  const { t, formatDate } = useI18n();
  const errorMessage = useErrorMessage();
  return (
    <div className="plan-card__pending">
      <p>{t('mySubscription.cancelsOn', { date: formatDate(cancelAt) })}</p>
      <button
        type="button"
        className="button"
        aria-disabled={resume.isPending || undefined}
        onClick={() => {
          if (resume.isPending) return;
          onDone('');
          resume.mutate(plan.id, { onSuccess: () => onDone(t('mySubscription.resumed')) });
        }}
      >
        {resume.isPending ? t('mySubscription.resuming') : t('mySubscription.resume')}
      </button>
      {resume.isError && (
        <p className="form-status form-status--error" role="alert">
          {errorMessage(resume.error)}
        </p>
      )}
    </div>
  );
}

/**
 * Issue 28 item 4: a monthly plan becomes the annual one, prorated. The
 * dialog says what is charged today before anything is.
 */
function SwitchToAnnual({
  plan,
  upgrade,
  change,
  onDone,
}: {
  plan: MySubscription;
  upgrade: NonNullable<MySubscription['upgrade']>;
  change: ReturnType<typeof useChangePlan>;
  onDone: (notice: string) => void;
}) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const [asking, setAsking] = useState(false);
  const dueNow = formatMoney(upgrade.due_now_usd);
  return (
    <div className="plan-card__upgrade">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={change.isPending || undefined}
        onClick={() => !change.isPending && setAsking(true)}
      >
        {change.isPending ? t('mySubscription.upgrade.switching') : t('mySubscription.upgrade.button')}
      </button>
      {change.isError && (
        <p className="form-status form-status--error" role="alert">
          {errorMessage(change.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={t('mySubscription.upgrade.title')}
        confirmLabel={t('mySubscription.upgrade.confirm', { dueNow })}
        cancelLabel={t('mySubscription.upgrade.keep')}
        confirmTone="primary"
        onConfirm={() => {
          setAsking(false);
          onDone('');
          change.mutate({ id: plan.id, code: upgrade.code }, { onSuccess: () => onDone(t('mySubscription.upgrade.done')) });
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('mySubscription.upgrade.text', { price: formatMoney(upgrade.price_usd), dueNow })}</p>
      </ConfirmDialog>
    </div>
  );
}
