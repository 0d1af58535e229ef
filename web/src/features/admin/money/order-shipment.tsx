import { type AdminOrder, ShipOrderBody } from '@storyhouse/contracts';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { Fact } from '../shared/facts';
import { useFormatDateTime } from '../shared/format-date-time';
import { useShipOrder } from './api/order-actions';

type Shipment = NonNullable<AdminOrder['shipment']>;
type ShipData = { carrier: string; tracking_number: string; tracking_url: string };

const valuesOf = (shipment: AdminOrder['shipment']): ShipData => ({
  carrier: shipment?.carrier ?? '',
  tracking_number: shipment?.tracking_number ?? '',
  tracking_url: shipment?.tracking_url ?? '',
});

/**
 * Issue 29 item 2, the parcel: where it is, and Mark shipped with the
 * carrier, tracking number and tracking page when known (all optional).
 * Once shipped the same form updates the tracking (the family's "on its
 * way" e-mail goes only the first time). Offered only for a paid order
 * with something to post; the server refuses the rest all the same.
 */
export function OrderShipment({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const headingId = useId();
  const [done, setDone] = useState('');
  const shippable = order.fulfilment !== 'none' && order.status === 'paid';
  // A success said before the order changed (refunded since) is not said beside "only a paid order can be marked shipped".
  useEffect(() => {
    if (!shippable) setDone('');
  }, [shippable]);
  return (
    <section className="admin-part admin-part--action card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.order.shipment')}</h2>
      {order.shipment ? <ShipmentFacts shipment={order.shipment} /> : null}
      {order.fulfilment === 'none' ? (
        <p>{t('admin.order.nothingToPost')}</p>
      ) : !shippable ? (
        <p>{t('admin.order.shipNotPaid')}</p>
      ) : (
        <ShipForm order={order} onDone={setDone} />
      )}
      <p className="form-status form-status--success" role="status">
        {shippable ? done : ''}
      </p>
    </section>
  );
}

function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  return (
    <dl className="admin-facts">
      <Fact term={t('admin.order.shippedAt')}>
        <time dateTime={shipment.shipped_at}>{formatDateTime(shipment.shipped_at)}</time>
      </Fact>
      {shipment.carrier ? <Fact term={t('admin.order.carrier')}>{shipment.carrier}</Fact> : null}
      {shipment.tracking_number ? <Fact term={t('admin.order.trackingNumber')}>{shipment.tracking_number}</Fact> : null}
      {shipment.tracking_url ? (
        <Fact term={t('admin.order.trackingUrl')}>
          <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
            {t('admin.order.trackingLink')}
          </a>
        </Fact>
      ) : null}
    </dl>
  );
}

function ShipForm({ order, onDone }: { order: AdminOrder; onDone: (message: string) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const ship = useShipOrder(order.id);
  const form = useForm<ShipData>(ShipOrderBody, valuesOf(order.shipment));
  const [asking, setAsking] = useState<ShipData>();
  const again = order.shipment !== null;
  const submit = useFormSubmit<ShipData>(form, { busy: ship.isPending, send: setAsking });
  const { reset } = form;
  // The form holds what the order has now (after a shipping, the tracking as saved).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new shipment resets what the admin types.
  useEffect(() => reset(valuesOf(order.shipment)), [order.shipment]);

  const confirm = () => {
    const body = asking;
    setAsking(undefined);
    if (!body) return;
    onDone('');
    ship.mutate(body, {
      onSuccess: () =>
        onDone(again ? t('admin.order.trackingUpdated') : t('admin.order.shippedDone', { email: order.customer.email })),
      onError: (error) => {
        if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
      },
    });
  };

  return (
    <>
      <form ref={submit.ref} className="admin-ship" aria-label={t('admin.order.shipForm')} onSubmit={submit.onSubmit} noValidate>
        <p className="field__hint">{t('admin.order.shipHint')}</p>
        <TextField form={form} name="carrier" label={t('admin.order.carrier')} maxLength={60} />
        <TextField form={form} name="tracking_number" label={t('admin.order.trackingNumber')} maxLength={60} />
        <TextField form={form} name="tracking_url" label={t('admin.order.trackingUrl')} maxLength={500} />
        <FormFailure message={submit.failure} />
        <SubmitButton busy={ship.isPending}>
          {ship.isPending ? t('admin.order.saving') : again ? t('admin.order.updateTracking') : t('admin.order.markShipped')}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={asking !== undefined}
        title={
          again ? t('admin.order.updateTitle', { number: order.number }) : t('admin.order.shipTitle', { number: order.number })
        }
        confirmLabel={again ? t('admin.order.updateTracking') : t('admin.order.markShipped')}
        cancelLabel={t('admin.order.cancel')}
        confirmTone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      >
        <p>{again ? t('admin.order.updateText') : t('admin.order.shipText', { email: order.customer.email })}</p>
      </ConfirmDialog>
    </>
  );
}
