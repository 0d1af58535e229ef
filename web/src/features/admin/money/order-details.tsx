import type { AdminOrder } from '@storyhouse/contracts';
import { ResponsiveImage } from '../../../components/catalogue/responsive-image';
import { useI18n } from '../../../lib/i18n';
import { AdminAddress } from '../shared/admin-address';
import { AdminPart, MoneyCell } from '../shared/admin-part';
import { Fact } from '../shared/facts';
import { cardName, couponTerm, failureReason, lineKind, processorName } from '../shared/order-words';

type Line = AdminOrder['lines'][number];
type Address = NonNullable<AdminOrder['shipping_address']>;

/**
 * What an order holds, laid out for a volunteer (issue 29 item 2) in the
 * order they look for it (issue 44): the items with their covers and the
 * amounts as the receipt has them, then the customer and where it goes
 * (and the gift), then how it was paid.
 */
export function OrderDetails({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  return (
    <div className="admin-order__details">
      <AdminPart title={t('admin.order.lines')} className="admin-part--wide">
        <Lines lines={order.lines} />
      </AdminPart>
      <AdminPart title={t('admin.order.amounts')}>
        <Amounts amounts={order.amounts} />
      </AdminPart>
      <AdminPart title={t('admin.order.customer')}>
        <p>
          {order.customer.name ? <span className="admin-table__line">{order.customer.name}</span> : null}
          <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
        </p>
      </AdminPart>
      <AdminPart title={t('admin.order.shippingAddress')}>
        <AddressLines address={order.shipping_address} none={t('admin.order.noAddress')} />
      </AdminPart>
      <AdminPart title={t('admin.order.billingAddress')}>
        <AddressLines address={order.billing_address} none={t('admin.order.noBillingAddress')} />
      </AdminPart>
      {order.gift ? (
        <AdminPart title={t('admin.order.gift')}>
          <dl className="admin-facts">
            <Fact term={t('admin.order.giftTo')}>
              {order.gift.name} ({order.gift.email})
            </Fact>
            {order.gift.message ? <Fact term={t('admin.order.giftMessage')}>{order.gift.message}</Fact> : null}
          </dl>
        </AdminPart>
      ) : null}
      <AdminPart title={t('admin.order.payment')}>
        <Payment payment={order.payment} />
      </AdminPart>
    </div>
  );
}

function Lines({ lines }: { lines: Line[] }) {
  const { t, formatMoney } = useI18n();
  return (
    <table className="admin-table admin-table--stacked">
      <thead>
        <tr>
          <th scope="col">{t('admin.order.item')}</th>
          <th scope="col">{t('admin.order.kind')}</th>
          <th scope="col" className="admin-table__money">
            {t('admin.order.quantity')}
          </th>
          <th scope="col" className="admin-table__money">
            {t('admin.order.unit')}
          </th>
          <th scope="col" className="admin-table__money">
            {t('admin.order.discount')}
          </th>
          <th scope="col" className="admin-table__money">
            {t('admin.order.tax')}
          </th>
          <th scope="col" className="admin-table__money">
            {t('admin.order.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">
              <span className="admin-line">
                {/* The cover beside the title, as the volunteer finds the CD on the shelf; a line without one keeps the space. */}
                <ResponsiveImage src={line.image_url} alt="" use="cover" sizes="3rem" className="admin-line__cover" />
                <span>
                  <span className="admin-table__line">{line.title}</span>
                  {line.recipient_name || line.recipient_email ? (
                    <span className="admin-table__line admin-table__note">
                      {t('admin.order.recipient', { name: line.recipient_name ?? '', email: line.recipient_email ?? '' })}
                    </span>
                  ) : null}
                  {line.tribute ? (
                    <span className="admin-table__line admin-table__note">
                      {t(`donations.description.${line.tribute.kind}`, { honoree: line.tribute.honoree })}
                      {line.tribute.notify
                        ? ` · ${t(line.tribute_notice_sent_at ? 'admin.order.noticeSent' : 'admin.order.noticeWaiting', {
                            name: line.tribute.notify.name,
                            email: line.tribute.notify.email,
                          })}${line.tribute.notify.show_amount ? ` ${t('admin.order.noticeWithAmount')}` : ''}`
                        : ''}
                    </span>
                  ) : null}
                  {line.anonymous ? (
                    <span className="admin-table__line admin-table__note">{t('admin.order.anonymous')}</span>
                  ) : null}
                </span>
              </span>
            </th>
            <td>
              {lineKind(t, line.type)}
              {line.is_shipped ? <span className="admin-table__note"> · {t('admin.order.posted')}</span> : null}
              {line.refunded ? <strong className="admin-table__note"> · {t('admin.order.lineRefunded')}</strong> : null}
              {/* A gift card bought here gives back only what it has not spent (issue 40 item 1). */}
              {line.type === 'gift_card' && !line.refunded && line.refundable_usd > 0 ? (
                <span className="admin-table__note">
                  {' '}
                  · {t('admin.order.lineRefundable', { amount: formatMoney(line.refundable_usd) })}
                </span>
              ) : null}
            </td>
            <MoneyCell label={t('admin.order.quantity')}>×{line.quantity}</MoneyCell>
            <MoneyCell label={t('admin.order.unit')}>{formatMoney(line.unit_usd)}</MoneyCell>
            <MoneyCell label={t('admin.order.discount')}>
              {line.discount_usd > 0 ? `−${formatMoney(line.discount_usd)}` : '—'}
            </MoneyCell>
            <MoneyCell label={t('admin.order.tax')}>{formatMoney(line.tax_usd)}</MoneyCell>
            <MoneyCell label={t('admin.order.lineTotal')}>{formatMoney(line.subtotal_usd)}</MoneyCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Amounts({ amounts }: { amounts: AdminOrder['amounts'] }) {
  const { t, formatMoney } = useI18n();
  const minus = (usd: number) => `−${formatMoney(usd)}`;
  return (
    <dl className="admin-facts admin-facts--money">
      <Fact term={t('admin.order.subtotal')}>{formatMoney(amounts.subtotal_usd)}</Fact>
      {amounts.discount_usd > 0 ? <Fact term={couponTerm(amounts, t)}>{minus(amounts.discount_usd)}</Fact> : null}
      {amounts.gift_card_usd > 0 ? <Fact term={t('admin.order.giftCard')}>{minus(amounts.gift_card_usd)}</Fact> : null}
      <Fact term={t('admin.order.tax')}>{formatMoney(amounts.tax_usd)}</Fact>
      <Fact term={t('admin.order.shipping')}>{formatMoney(amounts.shipping_usd)}</Fact>
      {/* Nothing charged (a failed or pending order): its total, said not to be a charge (issue 40 item 7). */}
      <Fact
        term={amounts.charged_usd === 0 && amounts.total_usd > 0 ? t('admin.order.notCharged') : t('admin.order.total')}
        className="admin-facts__total"
      >
        {formatMoney(amounts.total_usd)}
      </Fact>
    </dl>
  );
}

/** An order's address, or what to say when it has none. */
function AddressLines({ address, none }: { address: AdminOrder['shipping_address']; none: string }) {
  if (!address) return <p>{none}</p>;
  const a: Address = address;
  return (
    <AdminAddress
      address={{
        fname: a.fname ?? '',
        lname: a.lname ?? '',
        line1: a.line1 ?? '',
        city: a.city ?? '',
        state: a.state ?? '',
        postal_code: a.postal_code ?? '',
        country_id: a.country_id ?? 0,
        phone: a.phone ?? '',
        email: a.email,
      }}
    />
  );
}

function Payment({ payment }: { payment: AdminOrder['payment'] }) {
  const { t } = useI18n();
  const none = !payment.provider && !payment.card_last4 && !payment.payment_id;
  if (none) return <p>{t('admin.order.noPayment')}</p>;
  return (
    <dl className="admin-facts">
      {payment.provider ? <Fact term={t('admin.order.provider')}>{processorName(t, payment.provider)}</Fact> : null}
      {payment.card_last4 ? (
        <Fact term={t('admin.order.card')}>{cardName(t, payment.card_brand, payment.card_last4)}</Fact>
      ) : null}
      {payment.payment_id ? (
        <Fact term={t('admin.order.paymentId')}>
          <code>{payment.payment_id}</code>
        </Fact>
      ) : null}
      {payment.failure_code ? <Fact term={t('admin.order.failure')}>{failureReason(t, payment.failure_code)}</Fact> : null}
    </dl>
  );
}
