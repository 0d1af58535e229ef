import type { AdminOrder } from '@storyhouse/contracts';
import { type ReactNode, useId, useMemo } from 'react';
import { useCountries } from '../../components/address/api/get-countries';
import { countryNamer } from '../../components/address/country-names';
import { useI18n } from '../../lib/i18n';
import { Fact } from './facts';
import { lineKind } from './order-words';

type Line = AdminOrder['lines'][number];
type Address = NonNullable<AdminOrder['shipping_address']>;

/** A section of the order page with its heading (h2). */
function Part({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`admin-part card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * What an order holds, laid out for a volunteer (issue 29 item 2): the
 * customer, the lines, the amounts as the receipt has them, where it goes,
 * the gift, and how it was paid.
 */
export function OrderDetails({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  return (
    <div className="admin-order__details">
      <Part title={t('admin.order.customer')}>
        <p>
          {order.customer.name ? <span className="admin-table__line">{order.customer.name}</span> : null}
          <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
        </p>
      </Part>
      <Part title={t('admin.order.lines')} className="admin-part--wide">
        <Lines lines={order.lines} />
      </Part>
      <Part title={t('admin.order.amounts')}>
        <Amounts amounts={order.amounts} />
      </Part>
      <Part title={t('admin.order.shippingAddress')}>
        <AddressLines address={order.shipping_address} none={t('admin.order.noAddress')} />
      </Part>
      <Part title={t('admin.order.billingAddress')}>
        <AddressLines address={order.billing_address} none={t('admin.order.noBillingAddress')} />
      </Part>
      {order.gift ? (
        <Part title={t('admin.order.gift')}>
          <dl className="admin-facts">
            <Fact term={t('admin.order.giftTo')}>
              {order.gift.name} ({order.gift.email})
            </Fact>
            {order.gift.message ? <Fact term={t('admin.order.giftMessage')}>{order.gift.message}</Fact> : null}
          </dl>
        </Part>
      ) : null}
      <Part title={t('admin.order.payment')}>
        <Payment payment={order.payment} />
      </Part>
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
              <span className="admin-table__line">{line.title}</span>
              {line.recipient_name || line.recipient_email ? (
                <span className="admin-table__line admin-table__note">
                  {t('admin.order.recipient', { name: line.recipient_name ?? '', email: line.recipient_email ?? '' })}
                </span>
              ) : null}
            </th>
            <td>
              {lineKind(t, line.type)}
              {line.is_shipped ? <span className="admin-table__note"> · {t('admin.order.posted')}</span> : null}
              {line.refunded ? <strong className="admin-table__note"> · {t('admin.order.lineRefunded')}</strong> : null}
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

/**
 * A figure of a line. On a phone, where the columns stack, it carries its
 * column's name for sight; screen readers have the column heading already.
 */
export function MoneyCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="admin-table__money">
      <span className="admin-table__label" aria-hidden="true">
        {label}:{' '}
      </span>
      {children}
    </td>
  );
}

function Amounts({ amounts }: { amounts: AdminOrder['amounts'] }) {
  const { t, formatMoney } = useI18n();
  const minus = (usd: number) => `−${formatMoney(usd)}`;
  return (
    <dl className="admin-facts admin-facts--money">
      <Fact term={t('admin.order.subtotal')}>{formatMoney(amounts.subtotal_usd)}</Fact>
      {amounts.discount_usd > 0 ? (
        <Fact term={amounts.coupon_code ? t('admin.order.coupon', { code: amounts.coupon_code }) : t('admin.order.discount')}>
          {minus(amounts.discount_usd)}
        </Fact>
      ) : null}
      {amounts.gift_card_usd > 0 ? <Fact term={t('admin.order.giftCard')}>{minus(amounts.gift_card_usd)}</Fact> : null}
      <Fact term={t('admin.order.tax')}>{formatMoney(amounts.tax_usd)}</Fact>
      <Fact term={t('admin.order.shipping')}>{formatMoney(amounts.shipping_usd)}</Fact>
      <Fact term={t('admin.order.total')} className="admin-facts__total">
        {formatMoney(amounts.total_usd)}
      </Fact>
    </dl>
  );
}

/** A country's name by its id, in the site language. */
function useCountryName() {
  const { lang } = useI18n();
  const { data: countries } = useCountries();
  return useMemo(() => {
    const name = countryNamer(lang);
    return (id: number | undefined) => {
      const country = countries?.find((c) => c.id === id);
      return country ? name(country) : '';
    };
  }, [countries, lang]);
}

function AddressLines({ address, none }: { address: AdminOrder['shipping_address']; none: string }) {
  const countryName = useCountryName();
  if (!address) return <p>{none}</p>;
  const a: Address = address;
  const lines = [
    [a.fname, a.lname].filter(Boolean).join(' '),
    a.line1,
    [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(a.country_id),
    a.phone,
    a.email,
  ].filter(Boolean);
  return (
    <address className="admin-address">
      {lines.map((line) => (
        <span key={line} className="admin-table__line">
          {line}
        </span>
      ))}
    </address>
  );
}

function Payment({ payment }: { payment: AdminOrder['payment'] }) {
  const { t } = useI18n();
  const none = !payment.provider && !payment.card_last4 && !payment.payment_id;
  if (none) return <p>{t('admin.order.noPayment')}</p>;
  return (
    <dl className="admin-facts">
      {payment.provider ? <Fact term={t('admin.order.provider')}>{payment.provider}</Fact> : null}
      {payment.card_last4 ? (
        <Fact term={t('admin.order.card')}>
          {t('admin.order.cardEnding', { brand: payment.card_brand ?? '', last4: payment.card_last4 })}
        </Fact>
      ) : null}
      {payment.payment_id ? (
        <Fact term={t('admin.order.paymentId')}>
          <code>{payment.payment_id}</code>
        </Fact>
      ) : null}
      {payment.failure_code ? <Fact term={t('admin.order.failure')}>{payment.failure_code}</Fact> : null}
    </dl>
  );
}
