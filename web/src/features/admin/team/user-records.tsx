import { type AdminUserDetail, CardBrand, OrderStatus } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cardLabel } from '../../../components/payments/card-label';
import { useI18n } from '../../../lib/i18n';
import { AdminAddress } from '../shared/admin-address';
import { AdminPart, MoneyCell } from '../shared/admin-part';
import { orderHref } from '../shared/order-href';
import { statusLabel } from '../shared/order-words';

type Renewal = AdminUserDetail['renewals'][number];

const renewalTypes: Record<Renewal['type'], MessageKey> = {
  subscription: 'admin.user.renewalType.subscription',
  recurring_donation: 'admin.user.renewalType.recurring_donation',
};
const renewalStatuses: Record<Renewal['status'], MessageKey> = {
  active: 'admin.user.renewalStatus.active',
  past_due: 'admin.user.renewalStatus.past_due',
  cancelled: 'admin.user.renewalStatus.cancelled',
};

/**
 * What a user bought and keeps (issue 29 item 6): their orders (each to its
 * page), plans and monthly donations, gift cards, saved cards (brand and
 * last four only) and addresses; each says so when there is none.
 */
export function UserRecords({ user }: { user: AdminUserDetail }) {
  const { t } = useI18n();
  return (
    <div className="admin-order__details">
      <AdminPart title={t('admin.user.orders')} className="admin-part--wide">
        {user.orders.length === 0 ? <p>{t('admin.user.noOrders')}</p> : <Orders orders={user.orders} />}
      </AdminPart>
      <AdminPart title={t('admin.user.renewals')} className="admin-part--wide">
        {user.renewals.length === 0 ? <p>{t('admin.user.noRenewals')}</p> : <Renewals renewals={user.renewals} />}
      </AdminPart>
      {user.gift_changes.length > 0 && (
        <AdminPart title={t('admin.user.giftChanges')} className="admin-part--wide">
          <GiftChanges changes={user.gift_changes} />
        </AdminPart>
      )}
      <AdminPart title={t('admin.user.giftCards')}>
        {user.gift_cards.length === 0 ? <p>{t('admin.user.noGiftCards')}</p> : <GiftCards cards={user.gift_cards} />}
      </AdminPart>
      <AdminPart title={t('admin.user.cards')}>
        {user.cards.length === 0 ? <p>{t('admin.user.noCards')}</p> : <SavedCards cards={user.cards} />}
      </AdminPart>
      <AdminPart title={t('admin.user.addresses')}>
        {user.addresses.length === 0 ? <p>{t('admin.user.noAddresses')}</p> : <Addresses addresses={user.addresses} />}
      </AdminPart>
    </div>
  );
}

/** A column heading; `money` right-aligns it with its figures. */
function Col({ money, children }: { money?: boolean; children: ReactNode }) {
  return (
    <th scope="col" className={money ? 'admin-table__money' : undefined}>
      {children}
    </th>
  );
}

function Orders({ orders }: { orders: AdminUserDetail['orders'] }) {
  const { t, formatDate, formatMoney } = useI18n();
  const status = (s: string) => {
    const known = OrderStatus.safeParse(s);
    return known.success ? statusLabel(t, known.data) : s;
  };
  return (
    <table className="admin-table admin-table--stacked">
      <thead>
        <tr>
          <Col>{t('admin.user.orderNumber')}</Col>
          <Col>{t('admin.user.date')}</Col>
          <Col>{t('admin.user.status')}</Col>
          <Col money>{t('admin.user.total')}</Col>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row" className="admin-table__nowrap">
              <Link to={orderHref(order.id)}>{order.number}</Link>
            </th>
            <td className="admin-table__nowrap">
              <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
            </td>
            <td>{status(order.status)}</td>
            <MoneyCell label={t('admin.user.total')}>{formatMoney(order.total_usd)}</MoneyCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Renewals({ renewals }: { renewals: Renewal[] }) {
  const { t, formatDate, formatMoney } = useI18n();
  return (
    <table className="admin-table admin-table--stacked">
      <thead>
        <tr>
          <Col>{t('admin.user.renewal')}</Col>
          <Col>{t('admin.user.status')}</Col>
          <Col>{t('admin.user.nextPayment')}</Col>
          <Col money>{t('admin.user.amount')}</Col>
        </tr>
      </thead>
      <tbody>
        {renewals.map((renewal, index) => (
          // A renewal has no id of its own here; the list's order is the server's and stays.
          // biome-ignore lint/suspicious/noArrayIndexKey: no id in the contract; the list is not reordered.
          <tr key={index}>
            <th scope="row">
              <span className="admin-table__line">{renewal.title}</span>
              <span className="admin-table__line admin-table__note">{t(renewalTypes[renewal.type])}</span>
            </th>
            <td>
              <span className="admin-table__line">{t(renewalStatuses[renewal.status])}</span>
              {renewal.paused_until && renewal.status !== 'cancelled' && (
                <span className="admin-table__line admin-table__note">
                  {t('admin.user.pausedUntil', { date: formatDate(renewal.paused_until) })}
                </span>
              )}
              {renewal.charge_day && (
                <span className="admin-table__line admin-table__note">
                  {t('admin.user.chargeDay', { day: renewal.charge_day })}
                </span>
              )}
            </td>
            <td className="admin-table__nowrap">
              {renewal.current_period_end && renewal.status !== 'cancelled' ? (
                <time dateTime={renewal.current_period_end}>{formatDate(renewal.current_period_end)}</time>
              ) : (
                '—'
              )}
            </td>
            <MoneyCell label={t('admin.user.amount')}>
              {renewal.interval === 'year'
                ? t('admin.user.perYear', { amount: formatMoney(renewal.amount_usd) })
                : t('admin.user.perMonth', { amount: formatMoney(renewal.amount_usd) })}
            </MoneyCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Issue 45: what the donor changed of their monthly gifts, newest first, each as it then was. */
function GiftChanges({ changes }: { changes: AdminUserDetail['gift_changes'] }) {
  const { t, formatDate, formatMoney } = useI18n();
  return (
    <ul className="admin-user__list">
      {changes.map((change, index) => (
        // Two changes may share a time; the list's order is the server's and stays.
        // biome-ignore lint/suspicious/noArrayIndexKey: no id in the contract; the list is not reordered.
        <li key={`${change.at}-${index}`}>
          <time dateTime={change.at}>{formatDate(change.at)}</time>
          {': '}
          {change.pause_months
            ? t('admin.user.giftPaused', {
                months: change.pause_months,
                fund: change.fund,
                date: formatDate(change.next_charge),
              })
            : t('admin.user.giftChanged', {
                fund: change.fund,
                amount: formatMoney(change.amount_usd),
                date: formatDate(change.next_charge),
              })}
        </li>
      ))}
    </ul>
  );
}

function GiftCards({ cards }: { cards: AdminUserDetail['gift_cards'] }) {
  const { t, formatDate, formatMoney } = useI18n();
  return (
    <ul className="admin-user__list">
      {cards.map((card) => (
        <li key={card.id}>
          {t('admin.user.giftCard', {
            balance: formatMoney(card.balance_usd),
            original: formatMoney(card.original_usd),
            date: formatDate(card.created_at),
          })}
        </li>
      ))}
    </ul>
  );
}

function SavedCards({ cards }: { cards: AdminUserDetail['cards'] }) {
  const { t } = useI18n();
  return (
    <ul className="admin-user__list">
      {cards.map((card) => {
        const brand = CardBrand.safeParse(card.brand);
        const label = cardLabel({ ...card, brand: brand.success ? brand.data : 'unknown' }, t);
        return <li key={label}>{label}</li>;
      })}
    </ul>
  );
}

function Addresses({ addresses }: { addresses: AdminUserDetail['addresses'] }) {
  return (
    <ul className="admin-user__list">
      {addresses.map((address) => (
        <li key={Object.values(address).join('|')}>
          <AdminAddress address={address} />
        </li>
      ))}
    </ul>
  );
}
