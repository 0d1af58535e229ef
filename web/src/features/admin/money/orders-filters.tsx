import { AdminOrderFilter } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { FieldError, fieldClass } from '../../../ui/form/fields';
import { ApplyFilters } from '../shared/admin-part';
import type { AdminOrdersFilters } from '../shared/api/get-admin-orders';
import { filterLabel } from '../shared/order-words';

type Draft = Omit<AdminOrdersFilters, 'page'>;

/**
 * The orders list's filters (issue 29 item 2): what state, placed between
 * two days, and a search by order number, e-mail or name. They apply when
 * the form is sent, so a keyboard user can set several before the list
 * changes; the list's address then holds them (bookmarks, reload, back).
 */
export function OrdersFilters({ current, onApply }: { current: AdminOrdersFilters; onApply: (f: Draft) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(current);
  const [inverted, setInverted] = useState(false);
  const { filter, from, to, search } = current;
  // Back and forward change the filters in the address: the form follows.
  useEffect(() => {
    setDraft({ filter, from, to, search });
    setInverted(false);
  }, [filter, from, to, search]);

  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrongWay = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
    setInverted(wrongWay);
    if (!wrongWay) onApply({ ...draft, search: draft.search.trim() });
  };
  const rangeError = inverted ? t('admin.orders.rangeInverted') : undefined;

  return (
    <form className="admin-filters" aria-label={t('admin.orders.filters')} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('admin.orders.show')}</label>
        <select id={`${id}-filter`} value={draft.filter} onChange={(e) => set('filter', e.target.value as Draft['filter'])}>
          {AdminOrderFilter.options.map((value) => (
            <option key={value} value={value}>
              {filterLabel(t, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('admin.orders.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => set('from', e.target.value)}
        />
      </div>
      <div className={fieldClass(rangeError)}>
        <label htmlFor={`${id}-to`}>{t('admin.orders.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? `${id}-to-error` : undefined}
          onChange={(e) => set('to', e.target.value)}
        />
        <FieldError id={`${id}-to-error`} error={rangeError} />
      </div>
      <div className="field admin-filters__search">
        <label htmlFor={`${id}-search`}>{t('admin.orders.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          maxLength={100}
          value={draft.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </div>
      <ApplyFilters label={t('admin.list.apply')} />
    </form>
  );
}
