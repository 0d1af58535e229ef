import {
  type AdminOrder,
  type AdminOrderReturns,
  adminPath,
  type OrderReturn,
  type RecordReturnBody,
  ReturnForm,
  returnQuantityField,
} from '@storyhouse/contracts';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { lineKind } from '../shared/order-words';
import { useOrderReturns, useRecordReturn, useRefundReturn } from './api/order-returns';
import './returns.css';

/**
 * Decision 061, Returns: on a shipped order, what came back of its CDs and
 * books (how many of each, a reason the ministry offers, back in stock or
 * not), and then a refund from each return, once, of the returned lines'
 * part of what was paid, after the admin confirms the amount. Nothing for an
 * order without a CD or a book.
 */
export function OrderReturns({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const headingId = useId();
  const { data, error, isPending, refetch } = useOrderReturns(order.id);
  if (data && data.lines.length === 0) return null;
  return (
    <section className="admin-part admin-part--action admin-part--wide card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.returns.title')}</h2>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {data.returns.length === 0 ? <p>{t('admin.returns.none')}</p> : <ReturnList order={order} returns={data.returns} />}
          {data.can_return ? (
            <RecordReturn orderId={order.id} returns={data} />
          ) : (
            <p>{order.shipment === null ? t('admin.returns.notShipped') : t('admin.returns.allBack')}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The returns recorded, oldest first: what, why, whether restocked, who, and the refund given or to give. */
function ReturnList({ order, returns }: { order: AdminOrder; returns: readonly OrderReturn[] }) {
  const { t, formatDate } = useI18n();
  return (
    <ul className="admin-returns">
      {returns.map((r) => (
        <li key={r.id} className="admin-returns__item">
          <h3>{t('admin.returns.entryTitle', { date: formatDate(r.at) })}</h3>
          <p>
            <strong>{r.reason}</strong> · {r.restock ? t('admin.returns.restocked') : t('admin.returns.notRestocked')}
          </p>
          <ul className="admin-returns__lines">
            {r.lines.map((l) => (
              <li key={l.line_id}>{t('admin.returns.item', { title: l.title, count: l.quantity })}</li>
            ))}
          </ul>
          <p className="admin-returns__by">{t('admin.returns.by', { by: r.by })}</p>
          <ReturnRefund order={order} entry={r} />
        </li>
      ))}
    </ul>
  );
}

/** A return's refund: given (its state), or the button to give it, asked first with the amount and where it goes. */
function ReturnRefund({ order, entry }: { order: AdminOrder; entry: OrderReturn }) {
  const { t, formatMoney, formatDate } = useI18n();
  const errorMessage = useErrorMessage();
  const refund = useRefundReturn(order.id);
  const [asking, setAsking] = useState(false);
  const date = formatDate(entry.at);
  if (entry.refund && entry.refund.status !== 'failed') {
    const amount = formatMoney(entry.refund.amount_usd);
    return (
      <p className="admin-returns__refund">
        {entry.refund.status === 'done'
          ? t('admin.returns.refundDone', { amount })
          : t('admin.returns.refundPending', { amount })}
      </p>
    );
  }
  const amount = formatMoney(entry.refundable_usd);
  return (
    <>
      {entry.refund?.status === 'failed' ? (
        <p>{t('admin.returns.refundFailed', { amount: formatMoney(entry.refund.amount_usd) })}</p>
      ) : null}
      {entry.refundable_usd > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('admin.returns.refundLabel', { amount, date })}
          aria-disabled={refund.isPending || undefined}
          onClick={() => {
            if (!refund.isPending) setAsking(true);
          }}
        >
          {refund.isPending ? t('admin.returns.refunding') : t('admin.returns.refund', { amount })}
        </button>
      ) : (
        <p>{t('admin.returns.nothingToRefund')}</p>
      )}
      <FormFailure message={refund.isError ? errorMessage(refund.error) : undefined} />
      <ConfirmDialog
        open={asking}
        title={t('admin.returns.refundTitle', { date })}
        confirmLabel={t('admin.returns.confirm', { amount })}
        cancelLabel={t('admin.returns.cancel')}
        onConfirm={() => {
          setAsking(false);
          refund.mutate(entry.id);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.returns.refundQuestion', { amount })}</p>
        <p>{t('admin.order.refundMail', { email: order.customer.email })}</p>
      </ConfirmDialog>
    </>
  );
}

type ReturnValues = Record<string, string | boolean> & { reason_id: string; restock: boolean };

/**
 * Record a return: how many of each CD and book still out came back (an
 * empty field is none), a reason from the ministry's list (edited on its
 * own page), and whether they go back in stock (off: only what can be sold
 * again is restocked).
 */
function RecordReturn({ orderId, returns }: { orderId: number; returns: AdminOrderReturns }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const record = useRecordReturn(orderId);
  const out = useMemo(
    () => returns.lines.map((l) => ({ ...l, left: l.quantity - l.returned_quantity })).filter((l) => l.left > 0),
    [returns.lines],
  );
  const schema = useMemo(() => ReturnForm(out), [out]);
  const restockHintId = useId();
  const initial: ReturnValues = {
    reason_id: '',
    restock: false,
    ...Object.fromEntries(out.map((l) => [returnQuantityField(l.line_id), ''])),
  };
  const form = useForm<ReturnValues>(schema, initial);
  const [done, setDone] = useState('');
  const submit = useFormSubmit<RecordReturnBody>(form, {
    busy: record.isPending,
    send: (body) => {
      setDone('');
      record.mutate(body, {
        onSuccess: () => {
          form.reset(initial);
          setDone(t('admin.returns.recorded'));
        },
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  const reasonsPath = adminPath('adminReturnReasons', lang);
  return (
    <form
      ref={submit.ref}
      className="admin-returns__form"
      aria-label={t('admin.returns.record')}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <h3>{t('admin.returns.record')}</h3>
      <fieldset className="admin-returns__quantities">
        <legend>{t('admin.returns.lines')}</legend>
        {out.map((l) => (
          <TextField
            key={l.line_id}
            form={form}
            name={returnQuantityField(l.line_id)}
            label={t('admin.returns.copies', { title: l.title, kind: lineKind(t, l.type) })}
            hint={t('admin.returns.upTo', { count: l.left })}
            type="number"
            maxLength={2}
          />
        ))}
      </fieldset>
      <SelectField
        form={form}
        name="reason_id"
        label={t('admin.returns.reason')}
        required
        placeholder={t('admin.returns.chooseReason')}
        options={returns.reasons.map((r) => ({ value: String(r.id), label: r.title }))}
      />
      {reasonsPath ? (
        <p className="admin-returns__reasons-link">
          <Link to={reasonsPath}>{t('admin.returns.editReasons')}</Link>
        </p>
      ) : null}
      <div className="field">
        <label className="field--checkbox">
          <input
            type="checkbox"
            name="restock"
            aria-describedby={restockHintId}
            checked={form.values.restock}
            onChange={(e) => form.set('restock', e.target.checked)}
          />{' '}
          {t('admin.returns.restock')}
        </label>
        <p className="field__hint" id={restockHintId}>
          {t('admin.returns.restockHint')}
        </p>
      </div>
      <FormFailure message={submit.failure} />
      <SubmitButton busy={record.isPending}>
        {record.isPending ? t('admin.returns.recording') : t('admin.returns.submit')}
      </SubmitButton>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </form>
  );
}
