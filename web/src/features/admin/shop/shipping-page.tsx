import {
  type AdminShippingRate,
  type AdminTaxRate,
  type Country,
  ShippingRateForm,
  stateName,
  statesOf,
  type TaxRateBody,
  TaxRateForm,
} from '@storyhouse/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCountries } from '../../../components/address/api/get-countries';
import { countryNamer } from '../../../components/address/country-names';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { ColumnLabel } from '../shared/column-label';
import { useAdminShipping, useRemoveTaxRate, useSetShippingRate, useSetTaxRate } from './api/shipping';
import '../../../ui/form/form.css';
import './shop.css';

type I18n = ReturnType<typeof useI18n>;

/** "United States and territories: Economy". */
const rateName = (t: I18n['t'], rate: Pick<AdminShippingRate, 'zone' | 'method'>) =>
  t('admin.shipping.rateName', {
    zone: t(`admin.shipping.zone.${rate.zone}`),
    method: t(`admin.shipping.method.${rate.method}`),
  });

/** A price as the form shows it: "4.99", "0.00". */
const typed = (usd: number) => usd.toFixed(2);

/**
 * Issue 30 item 4, Shipping and tax: the shipping rates per zone and method
 * (the first item, each further one), each saved on its own; and the sales
 * tax rates by state or province (or a whole country), added, changed and
 * removed. The cart reads the same rows, so a family's next total uses them.
 */
export default function ShippingPage() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useAdminShipping();
  const [result, setResult] = useState<ActionResult>();
  return (
    <AdminLayout title={t('admin.shipping.title')}>
      <ActionResultStatus result={result} />
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="admin-shop">
          <AdminPart title={t('admin.shipping.rates')} className="admin-part--wide">
            <p>{t('admin.shipping.ratesIntro')}</p>
            <div className="admin-shop__rates">
              {data.rates.map((rate) => (
                <RateForm key={`${rate.zone}/${rate.method}`} rate={rate} onResult={setResult} />
              ))}
            </div>
          </AdminPart>
          <TaxRates rates={data.tax_rates} onResult={setResult} />
        </div>
      )}
    </AdminLayout>
  );
}

type RateValues = { first_item: string; additional_item: string; min_days: string; max_days: string };

/** A rate as its form shows it: prices "4.99", days "5" or empty (no estimate). */
const rateValues = (rate: AdminShippingRate): RateValues => ({
  first_item: typed(rate.first_item_usd),
  additional_item: typed(rate.additional_item_usd),
  min_days: rate.min_days === null ? '' : String(rate.min_days),
  max_days: rate.max_days === null ? '' : String(rate.max_days),
});

/** One zone and method's prices and delivery estimate (decision 071), saved on their own. */
function RateForm({ rate, onResult }: { rate: AdminShippingRate; onResult: (r: ActionResult) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSetShippingRate();
  const form = useForm<RateValues>(ShippingRateForm, rateValues(rate));
  const name = rateName(t, rate);
  const submit = useFormSubmit<{
    first_item: number;
    additional_item: number;
    min_days: number | null;
    max_days: number | null;
  }>(form, {
    busy: save.isPending,
    send: (prices) => {
      onResult({ ok: true, message: '' });
      save.mutate(
        { zone: rate.zone, method: rate.method, ...prices },
        {
          onSuccess: (after) => {
            const now = after.rates.find((r) => r.zone === rate.zone && r.method === rate.method);
            if (now) form.reset(rateValues(now));
            onResult({ ok: true, message: t('admin.shipping.saved', { rate: name }) });
          },
          onError: (e) => {
            if (!submit.showServerErrors(e)) submit.setFailure(errorMessage(e));
          },
        },
      );
    },
  });
  return (
    <form ref={submit.ref} className="admin-shop__rate card" aria-label={name} onSubmit={submit.onSubmit} noValidate>
      <h3>{name}</h3>
      <TextField
        form={form}
        name="first_item"
        label={t('admin.shipping.firstItem')}
        required
        inputMode="decimal"
        maxLength={10}
      />
      <TextField
        form={form}
        name="additional_item"
        label={t('admin.shipping.additionalItem')}
        required
        inputMode="decimal"
        maxLength={10}
      />
      <TextField form={form} name="min_days" label={t('admin.shipping.minDays')} inputMode="numeric" maxLength={3} />
      <TextField
        form={form}
        name="max_days"
        label={t('admin.shipping.maxDays')}
        hint={t('admin.shipping.daysHint')}
        inputMode="numeric"
        maxLength={3}
      />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{save.isPending ? t('admin.shipping.saving') : t('admin.shipping.save')}</SubmitButton>
    </form>
  );
}

/** A tax rate's place in words: "Illinois, United States", or the country's name for its whole-country rate. */
function usePlaceName() {
  const { t, lang } = useI18n();
  return useMemo(() => {
    const countryName = countryNamer(lang);
    return (place: { country_id: number; country_code: string; country_name: string; state: string | null }) => {
      const country = countryName({ id: place.country_id, code: place.country_code, country_name: place.country_name });
      if (place.state === null) return t('admin.tax.wholeCountry', { country });
      const listed = statesOf(place.country_id)?.find(([code]) => code === place.state);
      return t('admin.tax.placeName', { state: listed ? stateName(lang, listed[0], listed[1]) : place.state, country });
    };
  }, [t, lang]);
}

function TaxRates({ rates, onResult }: { rates: AdminTaxRate[]; onResult: (r: ActionResult) => void }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const placeName = usePlaceName();
  const remove = useRemoveTaxRate();
  const [asking, setAsking] = useState<AdminTaxRate>();
  const [shown, setShown] = useState<AdminTaxRate>();
  useEffect(() => {
    if (asking) setShown(asking);
  }, [asking]);
  // The rate whose Change was pressed last (and when: pressing it again fills the form again).
  const [editing, setEditing] = useState<Editing>();
  const percent = useMemo(() => new Intl.NumberFormat(lang, { maximumFractionDigits: 4 }), [lang]);

  const confirm = () => {
    const rate = asking;
    setAsking(undefined);
    if (!rate) return;
    onResult({ ok: true, message: '' });
    remove.mutate(rate.id, {
      onSuccess: () => onResult({ ok: true, message: t('admin.tax.removed', { place: placeName(rate) }) }),
      onError: (e) => onResult({ ok: false, message: errorMessage(e) }),
    });
  };

  return (
    <AdminPart title={t('admin.tax.title')} className="admin-part--wide">
      <p>{t('admin.tax.intro')}</p>
      {rates.length === 0 ? (
        <p className="admin-empty card card--tinted">{t('admin.tax.none')}</p>
      ) : (
        <table className="admin-table admin-table--stacked">
          <caption className="visually-hidden">{t('admin.tax.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.tax.place')}</th>
              <th scope="col">{t('admin.tax.rate')}</th>
              <th scope="col">{t('admin.tax.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.id}>
                <th scope="row">{placeName(rate)}</th>
                <td>
                  <ColumnLabel label={t('admin.tax.rate')} />
                  {t('admin.tax.ratePercent', { rate: percent.format(rate.rate_percent) })}
                </td>
                <td>
                  <div className="admin-shop__row-actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('admin.tax.changeFor', { place: placeName(rate) })}
                      onClick={() => setEditing({ rate, at: Date.now() })}
                    >
                      {t('admin.tax.change')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('admin.tax.removeFor', { place: placeName(rate) })}
                      onClick={() => setAsking(rate)}
                    >
                      {t('admin.tax.remove')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <TaxRateEditor editing={editing} onResult={onResult} />
      <ConfirmDialog
        open={asking !== undefined}
        title={t('admin.tax.removeTitle', { place: shown ? placeName(shown) : '' })}
        confirmLabel={t('admin.tax.remove')}
        cancelLabel={t('admin.tax.keep')}
        onConfirm={confirm}
        onCancel={() => setAsking(undefined)}
      >
        <p>{t('admin.tax.removeText')}</p>
      </ConfirmDialog>
    </AdminPart>
  );
}

type TaxValues = { country_id: string; state: string; rate_percent: string };
type Editing = { rate: AdminTaxRate; at: number };
const noTax: TaxValues = { country_id: '', state: '', rate_percent: '' };

/** Adds a place's rate or changes the one it has: the country, its state or province (or the whole country), the rate. */
function TaxRateEditor({ editing, onResult }: { editing: Editing | undefined; onResult: (r: ActionResult) => void }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const countries = useCountries();
  const save = useSetTaxRate();
  const form = useForm<TaxValues>(TaxRateForm, noTax);
  const rateRef = useRef<HTMLDivElement>(null);
  // The form's reset is a new function each render: the effect below reads the latest without running again.
  const resetRef = useRef(form.reset);
  resetRef.current = form.reset;
  // Change: the rate's place and rate in the form, focus on the rate, ready to type the new one.
  const [selectRate, setSelectRate] = useState(0);
  useEffect(() => {
    if (!editing) return;
    const { rate } = editing;
    resetRef.current({ country_id: String(rate.country_id), state: rate.state ?? '', rate_percent: String(rate.rate_percent) });
    setSelectRate((n) => n + 1);
  }, [editing]);
  // After the render that shows the rate: selected, so what is typed replaces it.
  useEffect(() => {
    if (selectRate > 0) rateRef.current?.querySelector('input')?.select();
  }, [selectRate]);
  const countryOptions = useMemo(() => {
    const name = countryNamer(lang);
    return (countries.data ?? [])
      .map((c: Country) => ({ value: String(c.id), label: name(c) }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
  }, [countries.data, lang]);
  const countryId = Number(form.values.country_id);
  const stateOptions = useMemo(
    () =>
      (statesOf(countryId) ?? [])
        .map(([code, name]) => ({ value: code, label: stateName(lang, code, name) }))
        .sort((a, b) => a.label.localeCompare(b.label, lang)),
    [countryId, lang],
  );
  // A state of the country chosen before is no state of this one.
  const { state } = form.values;
  const { set } = form;
  useEffect(() => {
    if (state !== '' && !stateOptions.some((s) => s.value === state)) set('state', '');
  }, [state, stateOptions, set]);
  const placeName = (body: TaxRateBody) => {
    const country = countryOptions.find((c) => c.value === String(body.country_id))?.label ?? '';
    const state = stateOptions.find((s) => s.value === body.state)?.label;
    return state ? t('admin.tax.placeName', { state, country }) : t('admin.tax.wholeCountry', { country });
  };
  const submit = useFormSubmit<TaxRateBody>(form, {
    busy: save.isPending,
    send: (body) => {
      onResult({ ok: true, message: '' });
      save.mutate(body, {
        onSuccess: () => {
          form.reset(noTax);
          onResult({
            ok: true,
            message: t('admin.tax.saved', {
              place: placeName(body),
              rate: new Intl.NumberFormat(lang, { maximumFractionDigits: 4 }).format(body.rate_percent),
            }),
          });
        },
        onError: (e) => {
          if (!submit.showServerErrors(e)) submit.setFailure(errorMessage(e));
        },
      });
    },
  });
  return (
    <form
      ref={submit.ref}
      className="admin-shop-form admin-shop__tax"
      aria-label={t('admin.tax.form')}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <h3>{t('admin.tax.form')}</h3>
      <p>{t('admin.tax.formIntro')}</p>
      <SelectField
        form={form}
        name="country_id"
        label={t('admin.tax.country')}
        required
        placeholder={t('admin.tax.chooseCountry')}
        options={countryOptions}
      />
      {stateOptions.length > 0 ? (
        <SelectField
          form={form}
          name="state"
          label={t('admin.tax.state')}
          placeholder={t('admin.tax.wholeCountryOption')}
          options={stateOptions}
        />
      ) : null}
      <div ref={rateRef}>
        <TextField form={form} name="rate_percent" label={t('admin.tax.rateLabel')} required inputMode="decimal" maxLength={8} />
      </div>
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>{save.isPending ? t('admin.tax.saving') : t('admin.tax.saveRate')}</SubmitButton>
    </form>
  );
}
