import { type AdminOrder, RefundOrderBody } from '@storyhouse/contracts';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FieldError, RadioGroup, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { MoneyCell } from '../shared/admin-part';
import { Fact } from '../shared/facts';
import { useFormatDateTime } from '../shared/format-date-time';
import { lineKind, refundStatusLabel } from '../shared/order-words';
import { useRefundOrder } from './api/order-actions';

type Line = AdminOrder['lines'][number];
type Kind = 'whole' | 'lines' | 'amount';
/**
 * The form: what to refund ('' until the volunteer chooses: nothing is chosen for them), the amount as typed,
 * a `line_<id>` flag per line left, and the shipping (off unless chosen).
 */
type RefundValues = Record<string, string | boolean> & { kind: Kind | ''; amount: string; shipping: boolean };

/** What a refund will do, line by line, as the confirmation says it before anything is sent (issue 40 item 3). */
interface Plan {
  body: RefundOrderBody;
  lines: Line[];
  /** The shipping given back; null when the order has none left to give. */
  shipping: { cents: number; included: boolean } | null;
  /** An amount typed: no lines. */
  amountCents: number | null;
  totalCents: number;
  cardCents: number;
  giftCardCents: number;
  downloads: boolean;
}

const cents = (usd: number) => Math.round(usd * 100);
/** A line's part of what was paid: its subtotal after its discount, with its share of tax. */
const paidCents = (line: Line) => cents(line.subtotal_usd) - cents(line.discount_usd) + cents(line.tax_usd);
const DOWNLOADS = new Set(['digital_album', 'digital_track']);
const lineKey = (line: Line) => `line_${line.id}`;
/** Dollars as an admin types them: digits, and at most 2 decimals after a point (or a comma, as Spanish writes it). */
const dollars = /^\d{1,6}([.,]\d{1,2})?$/;
const typedCents = (amount: string) => cents(Number(amount.trim().replace(',', '.')));

/**
 * Issue 29 item 2 and issue 40, Refund: what is left to give back (to the
 * card, to gift cards, of it the shipping), and a refund of the whole order,
 * some of its items (the shipping its own choice, off unless chosen) or an
 * amount, after a confirmation that shows the amount line by line, where the
 * money goes and what leaves the family's library. The server decides (card
 * first, never more than was paid, a gift card bought here only for what it
 * has not spent); this form only keeps the obvious mistakes from being sent.
 * Below, the refunds made, from here, the processor's dashboard or the
 * family's cancel of a plan.
 */
export function OrderRefund({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const headingId = useId();
  const [done, setDone] = useState('');
  const leftCents = cents(order.refundable.card_usd) + cents(order.refundable.gift_card_usd);
  const open = order.status === 'paid' || order.status === 'partially_refunded';
  return (
    <section className="admin-part admin-part--action admin-part--wide card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.order.refund')}</h2>
      {order.status === 'refunded' || (open && leftCents <= 0) ? (
        <p>{t('admin.order.refundedInFull')}</p>
      ) : !open ? (
        <p>{t('admin.order.refundNotPaid')}</p>
      ) : (
        <>
          <Left order={order} />
          <RefundForm order={order} leftCents={leftCents} onDone={setDone} />
        </>
      )}
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
      {order.refunds.length > 0 ? <Refunds refunds={order.refunds} /> : null}
    </section>
  );
}

function Left({ order }: { order: AdminOrder }) {
  const { t, formatMoney } = useI18n();
  return (
    <dl className="admin-facts admin-facts--money">
      <Fact term={t('admin.order.refundLeftCard')}>{formatMoney(order.refundable.card_usd)}</Fact>
      {order.refundable.gift_card_usd > 0 ? (
        <Fact term={t('admin.order.refundLeftGiftCard')}>{formatMoney(order.refundable.gift_card_usd)}</Fact>
      ) : null}
      {order.refundable.shipping_usd > 0 ? (
        <Fact term={t('admin.order.refundLeftShipping')}>{formatMoney(order.refundable.shipping_usd)}</Fact>
      ) : null}
    </dl>
  );
}

/** The form's rules, which need what is left: an amount within it, at least one item (or the shipping) when items are chosen. */
function refundSchema(leftCents: number) {
  return z
    .object({
      kind: z.enum(['whole', 'lines', 'amount'], { error: 'admin.order.refundChooseKind' }),
      amount: z.string(),
      shipping: z.boolean(),
    })
    .catchall(z.union([z.string(), z.boolean()]))
    .superRefine((v, ctx) => {
      const chosen = v.shipping || Object.entries(v).some(([k, on]) => k.startsWith('line_') && on === true);
      if (v.kind === 'lines' && !chosen) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'admin.order.refundChooseLines' });
      }
      if (v.kind !== 'amount') return;
      const amount = typedCents(v.amount);
      if (!dollars.test(v.amount.trim()) || !RefundOrderBody.safeParse({ amount: amount / 100 }).success) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'admin.order.refundAmountInvalid' });
      } else if (amount > leftCents) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'admin.order.refundAmountTooLarge' });
      }
    });
}

const START: RefundValues = { kind: '', amount: '', shipping: false };

function RefundForm({ order, leftCents, onDone }: { order: AdminOrder; leftCents: number; onDone: (message: string) => void }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const refund = useRefundOrder(order.id);
  const linesErrorId = useId();
  // The lines a refund can name: not refunded yet, with something left to give back (a spent gift card has not).
  const open = order.lines.filter((l) => !l.refunded && l.refundable_usd > 0);
  const shippingCents = cents(order.refundable.shipping_usd);
  const schema = useMemo(() => refundSchema(leftCents), [leftCents]);
  const form = useForm<RefundValues>(schema, START);
  const [asking, setAsking] = useState<Plan>();
  const submit = useFormSubmit<RefundValues>(form, { busy: refund.isPending, send: (data) => setAsking(planOf(data)) });
  const kind = form.values.kind;

  /** What the refund gives back, line by line, and where the money goes, as the server shares it: the card first. */
  function planOf(data: RefundValues): Plan {
    const split = (amount: number) => {
      const card = Math.min(amount, cents(order.refundable.card_usd));
      return { totalCents: amount, cardCents: card, giftCardCents: amount - card };
    };
    if (data.kind === 'amount') {
      const amount = typedCents(data.amount);
      return {
        body: { amount: amount / 100 },
        lines: [],
        shipping: null,
        amountCents: amount,
        ...split(amount),
        downloads: false,
      };
    }
    const whole = data.kind === 'whole';
    const chosen = whole ? open : open.filter((l) => data[lineKey(l)] === true);
    const included = whole || data.shipping;
    const sum = chosen.reduce((n, l) => n + cents(l.refundable_usd), 0) + (included ? shippingCents : 0);
    return {
      body: whole ? {} : { line_ids: chosen.map((l) => l.id), include_shipping: data.shipping },
      lines: chosen,
      shipping: shippingCents > 0 ? { cents: shippingCents, included } : null,
      amountCents: null,
      ...split(whole ? leftCents : Math.min(sum, leftCents)),
      downloads: chosen.some((l) => DOWNLOADS.has(l.type)),
    };
  }

  const confirm = () => {
    const plan = asking;
    setAsking(undefined);
    if (!plan) return;
    onDone('');
    refund.mutate(plan.body, {
      onSuccess: () => {
        form.reset(START);
        onDone(t('admin.order.refundDone', { email: order.customer.email }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'payment_service_unavailable') {
          onDone(t('admin.order.refundLeftPending'));
        } else if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
      },
    });
  };

  const options: { value: Kind; label: string }[] = [
    {
      value: 'whole',
      label: t('admin.order.refundWhole', { amount: formatMoney(leftCents / 100), shipping: shippingCents > 0 ? 'yes' : 'no' }),
    },
    ...(open.length > 0 || shippingCents > 0 ? [{ value: 'lines' as const, label: t('admin.order.refundSomeLines') }] : []),
    { value: 'amount', label: t('admin.order.refundAnAmount') },
  ];
  const linesError = form.error('lines');

  return (
    <>
      <form
        ref={submit.ref}
        className="admin-refund"
        aria-label={t('admin.order.refundForm')}
        onSubmit={submit.onSubmit}
        noValidate
      >
        <RadioGroup form={form} name="kind" label={t('admin.order.refundWhat')} options={options} />
        {kind === 'lines' ? (
          <fieldset
            className={`field field--radios${linesError ? ' field--invalid' : ''}`}
            aria-describedby={linesError ? linesErrorId : undefined}
          >
            <legend>{t('admin.order.refundLinesLegend')}</legend>
            {open.map((line) => (
              <label key={line.id} className="field--checkbox">
                <input
                  type="checkbox"
                  checked={form.values[lineKey(line)] === true}
                  onChange={(e) => form.set(lineKey(line), e.target.checked)}
                />{' '}
                <LineOption line={line} />
              </label>
            ))}
            {shippingCents > 0 ? (
              <label className="field--checkbox">
                <input type="checkbox" checked={form.values.shipping} onChange={(e) => form.set('shipping', e.target.checked)} />{' '}
                {t('admin.order.refundShippingOption', { amount: formatMoney(shippingCents / 100) })}
              </label>
            ) : null}
            <FieldError id={linesErrorId} error={linesError} />
          </fieldset>
        ) : null}
        {kind === 'amount' ? (
          <TextField
            form={form}
            name="amount"
            label={t('admin.order.refundAmountLabel', { max: formatMoney(leftCents / 100) })}
            inputMode="decimal"
            maxLength={12}
          />
        ) : null}
        <FormFailure message={submit.failure} />
        <SubmitButton busy={refund.isPending} className="button--danger">
          {refund.isPending ? t('admin.order.refunding') : t('admin.order.refundButton')}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('admin.order.refundTitle', { number: order.number })}
        confirmLabel={t('admin.order.refundButton')}
        cancelLabel={t('admin.order.cancel')}
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      >
        {asking ? <PlanText order={order} plan={asking} /> : null}
      </ConfirmDialog>
    </>
  );
}

/** An item to tick: what its refund gives back now (a gift card bought here: what it has not spent of what was paid). */
function LineOption({ line }: { line: Line }) {
  const { t, formatMoney } = useI18n();
  const values = { title: line.title, kind: lineKind(t, line.type), amount: formatMoney(line.refundable_usd) };
  return line.type === 'gift_card' && cents(line.refundable_usd) < paidCents(line)
    ? t('admin.order.refundLineGiftCard', { ...values, paid: formatMoney(paidCents(line) / 100) })
    : t('admin.order.refundLineOption', values);
}

/** One line of the confirmation: the item, its share of tax, what it gives back. */
function PlanLine({ line }: { line: Line }) {
  const { t, formatMoney } = useI18n();
  const values = { title: line.title, kind: lineKind(t, line.type), amount: formatMoney(line.refundable_usd) };
  if (line.type === 'gift_card') return <li>{t('admin.order.refundBreakdownGiftCard', values)}</li>;
  const tax = cents(line.tax_usd);
  return (
    <li>
      {tax > 0
        ? t('admin.order.refundBreakdownLine', {
            ...values,
            items: formatMoney((cents(line.refundable_usd) - tax) / 100),
            tax: formatMoney(tax / 100),
          })
        : t('admin.order.refundBreakdownLineNoTax', values)}
    </li>
  );
}

/** The confirmation's words: the amount line by line, where each part of the money goes, what leaves the library, who is told. */
function PlanText({ order, plan }: { order: AdminOrder; plan: Plan }) {
  const { t, formatMoney } = useI18n();
  const last4 = order.payment.card_last4;
  const money = (c: number) => formatMoney(c / 100);
  return (
    <>
      <p>{t('admin.order.refundBreakdown')}</p>
      <ul className="admin-refund__breakdown">
        {plan.lines.map((line) => (
          <PlanLine key={line.id} line={line} />
        ))}
        {plan.shipping ? (
          <li>
            {plan.shipping.included
              ? t('admin.order.refundBreakdownShipping', { amount: money(plan.shipping.cents) })
              : t('admin.order.refundBreakdownNoShipping', { amount: money(plan.shipping.cents) })}
          </li>
        ) : null}
        {plan.amountCents !== null ? (
          <li>{t('admin.order.refundBreakdownAmount', { amount: money(plan.amountCents) })}</li>
        ) : null}
      </ul>
      <p>
        <strong>{t('admin.order.refundBreakdownTotal', { amount: money(plan.totalCents) })}</strong>
      </p>
      {plan.cardCents > 0 ? (
        <p>
          {last4
            ? t('admin.order.refundToCard', { amount: money(plan.cardCents), last4 })
            : t('admin.order.refundToThatCard', { amount: money(plan.cardCents) })}
        </p>
      ) : null}
      {plan.giftCardCents > 0 ? <p>{t('admin.order.refundToGiftCard', { amount: money(plan.giftCardCents) })}</p> : null}
      {plan.downloads ? <p>{t('admin.order.refundDownloads')}</p> : null}
      <p>{t('admin.order.refundMail', { email: order.customer.email })}</p>
    </>
  );
}

/** The refunds made: when, how much to the card and to gift cards, by whom (or in the processor's dashboard), how it stands. */
function Refunds({ refunds }: { refunds: AdminOrder['refunds'] }) {
  const { t, formatMoney } = useI18n();
  const formatDateTime = useFormatDateTime();
  const headingId = useId();
  return (
    <>
      <h3 id={headingId}>{t('admin.order.refunds')}</h3>
      <table className="admin-table admin-table--stacked" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('admin.order.refundAt')}</th>
            <th scope="col" className="admin-table__money">
              {t('admin.order.refundCard')}
            </th>
            <th scope="col" className="admin-table__money">
              {t('admin.order.refundGiftCard')}
            </th>
            <th scope="col">{t('admin.order.refundBy')}</th>
            <th scope="col">{t('admin.order.refundState')}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={`${refund.at}-${refund.amount_usd}-${refund.gift_card_usd}`}>
              <th scope="row">
                <time dateTime={refund.at}>{formatDateTime(refund.at)}</time>
              </th>
              <MoneyCell label={t('admin.order.refundCard')}>{formatMoney(refund.amount_usd)}</MoneyCell>
              <MoneyCell label={t('admin.order.refundGiftCard')}>{formatMoney(refund.gift_card_usd)}</MoneyCell>
              <td>
                {refund.source === 'processor'
                  ? t('admin.order.refundFromProcessor')
                  : refund.source === 'cancellation'
                    ? t('admin.order.refundByCancellation')
                    : (refund.by ?? '')}
              </td>
              <td>{refundStatusLabel(t, refund.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
