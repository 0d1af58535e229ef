import { type AdminOrderRow, type BulkShipResponse, issueMessage, ORDER_CARRIERS, TrackingNumber } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { FieldFrame } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { usePackingSlips, useShipOrders } from './api/bulk-orders';

/** An order with a parcel to post (or posted): the only kind a packing slip or Mark shipped is for. */
export const hasParcel = (order: AdminOrderRow) => order.fulfilment !== 'none';
/** Waiting to be posted: paid, its parcel not shipped yet. */
export const isToShip = (order: AdminOrderRow) => order.status === 'paid' && order.fulfilment === 'preparing';

/**
 * The orders list's bulk actions (issue 44): on the orders ticked in the
 * list, print their packing slips (one PDF, a page each) or mark them
 * shipped in one go, one carrier and a tracking number each. `selected`
 * are the ticked orders of the page, `toShip` the page's orders waiting.
 */
export function OrdersBulk({
  selected,
  toShip,
  onSelect,
}: {
  selected: AdminOrderRow[];
  toShip: AdminOrderRow[];
  onSelect: (ids: number[]) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const slips = usePackingSlips();
  const [shipping, setShipping] = useState(false);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string>();
  const [results, setResults] = useState<BulkShipResponse['results']>([]);
  const saveFile = useSaveFile();
  const none = selected.length === 0;

  const start = () => {
    setMessage('');
    setFailure(undefined);
    setResults([]);
    if (none) setFailure(t('admin.orders.bulk.chooseFirst'));
    return !none;
  };
  const print = () => {
    if (slips.isPending || !start()) return;
    const count = selected.length;
    slips.mutate(
      selected.map((o) => o.id),
      {
        onSuccess: (pdf) => {
          saveFile(pdf, `${t('admin.orders.bulk.fileName')}.pdf`);
          setMessage(t('admin.orders.bulk.printed', { count }));
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <div className="admin-bulk">
      <fieldset className="admin-bulk__bar">
        <legend className="visually-hidden">{t('admin.orders.bulk.label')}</legend>
        <p className="admin-bulk__count">{t('admin.orders.bulk.selected', { count: selected.length })}</p>
        {toShip.length > 0 ? (
          <button type="button" className="button button--secondary" onClick={() => onSelect(toShip.map((o) => o.id))}>
            {t('admin.orders.bulk.selectToShip', { count: toShip.length })}
          </button>
        ) : null}
        {none ? null : (
          <button type="button" className="button button--secondary" onClick={() => onSelect([])}>
            {t('admin.orders.bulk.clear')}
          </button>
        )}
        <button type="button" className="button" aria-disabled={slips.isPending || none || undefined} onClick={print}>
          {slips.isPending ? t('admin.orders.bulk.printing') : t('admin.orders.bulk.print')}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={none || undefined}
          aria-expanded={shipping}
          onClick={() => {
            if (start()) setShipping(true);
          }}
        >
          {t('admin.orders.bulk.ship')}
        </button>
      </fieldset>
      <p className="form-status form-status--success" role="status">
        {message}
      </p>
      <FormFailure message={failure} />
      {results.length > 0 ? <ShipResults results={results} /> : null}
      {shipping && !none ? (
        <BulkShipForm
          orders={selected}
          onCancel={() => setShipping(false)}
          onDone={(answer) => {
            setShipping(false);
            const shipped = answer.results.filter((r) => r.shipped).length;
            setMessage(t('admin.orders.bulk.shipDone', { count: shipped }));
            setResults(answer.results);
            // What was shipped leaves the selection; what was refused stays ticked, to try again or look at.
            onSelect(answer.results.filter((r) => !r.shipped).map((r) => r.id));
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Saves a file the page fetched (the packing slips' PDF) as the browser's
 * download, named `name`; the file's memory is let go with the next one and
 * when the page closes.
 */
function useSaveFile() {
  const last = useRef<string>(undefined);
  useEffect(
    () => () => {
      if (last.current) URL.revokeObjectURL(last.current);
    },
    [],
  );
  return (file: Blob, name: string) => {
    if (last.current) URL.revokeObjectURL(last.current);
    last.current = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = last.current;
    link.download = name;
    link.click();
  };
}

/** What became of each order of the last bulk Mark shipped: shipped, or why not. */
function ShipResults({ results }: { results: BulkShipResponse['results'] }) {
  const { t } = useI18n();
  return (
    <ul className="admin-bulk__results" aria-label={t('admin.orders.bulk.results')}>
      {results.map((r) => {
        const number = r.number ?? t('admin.orders.bulk.unknownOrder', { id: r.id });
        return (
          <li key={r.id} className={r.shipped ? undefined : 'admin-bulk__refused'}>
            {r.shipped
              ? t('admin.orders.bulk.resultShipped', { number })
              : t('admin.orders.bulk.resultRefused', { number, message: r.message ?? '' })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Mark shipped for the ticked orders: one carrier for the lot (a choice, or
 * none said), a tracking number per order (optional, as on an order's page),
 * then a confirmation that says each family is e-mailed.
 */
function BulkShipForm({
  orders,
  onCancel,
  onDone,
}: {
  orders: AdminOrderRow[];
  onCancel: () => void;
  onDone: (answer: BulkShipResponse) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const ship = useShipOrders();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useRef<HTMLFormElement>(null);

  /** Each tracking number by the contract's rule (letters, digits, spaces and dashes, at most 60). */
  const check = () => {
    const found: Record<number, string> = {};
    for (const order of orders) {
      const parsed = TrackingNumber.safeParse(tracking[order.id] ?? '');
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (issue) {
        const m = issueMessage(issue);
        found[order.id] = t(m.key as MessageKey, m.values);
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ship.isPending) return;
    if (check()) setAsking(true);
    else requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const confirm = () => {
    setAsking(false);
    setFailure(undefined);
    ship.mutate(
      { carrier, orders: orders.map((o) => ({ id: o.id, tracking_number: (tracking[o.id] ?? '').trim() })) },
      { onSuccess: onDone, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <>
      <form
        ref={form}
        className="admin-bulk__ship card"
        aria-label={t('admin.orders.bulk.shipForm')}
        onSubmit={submit}
        noValidate
      >
        <h2>{t('admin.orders.bulk.shipForm')}</h2>
        <p className="field__hint">{t('admin.orders.bulk.shipHint')}</p>
        <FieldFrame label={t('admin.orders.bulk.carrier')}>
          {({ id }) => (
            <select id={id} value={carrier} onChange={(e) => setCarrier(e.target.value)}>
              <option value="">{t('admin.orders.bulk.carrierNone')}</option>
              {ORDER_CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {orders.map((order) => (
          <FieldFrame
            key={order.id}
            label={t('admin.orders.bulk.trackingFor', { number: order.number, name: order.customer.name })}
            error={errors[order.id]}
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                type="text"
                maxLength={60}
                autoComplete="off"
                value={tracking[order.id] ?? ''}
                aria-invalid={errors[order.id] ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => setTracking((all) => ({ ...all, [order.id]: e.target.value }))}
              />
            )}
          </FieldFrame>
        ))}
        <FormFailure message={failure} />
        <div className="admin-bulk__buttons">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('admin.orders.bulk.cancel')}
          </button>
          <SubmitButton busy={ship.isPending}>
            {ship.isPending ? t('admin.orders.bulk.shipping') : t('admin.orders.bulk.shipButton', { count: orders.length })}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={t('admin.orders.bulk.shipTitle', { count: orders.length })}
        confirmLabel={t('admin.orders.bulk.shipButton', { count: orders.length })}
        cancelLabel={t('admin.orders.bulk.cancel')}
        confirmTone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.orders.bulk.shipText')}</p>
        <ul>
          {orders.map((o) => (
            <li key={o.id}>{t('admin.orders.bulk.shipTo', { number: o.number, email: o.customer.email })}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
