import { type AdminCouponBody, COUPON_AMOUNT_MAX_USD, COUPON_CODE_MAX, CouponForm } from '@storyhouse/contracts';
import { useI18n } from '../../../lib/i18n';
import { RadioGroup, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useCreateCoupon } from './api/coupons';
import { TitleFields, type TitleValues } from './title-fields';

type CouponValues = TitleValues & {
  code: string;
  kind: 'percent' | 'amount';
  percent_off: string;
  amount_off: string;
  expires_at: string;
  max_redemptions: string;
};

const empty: CouponValues = {
  code: '',
  title: '',
  title_es: '',
  title_ru: '',
  kind: 'percent',
  percent_off: '',
  amount_off: '',
  expires_at: '',
  max_redemptions: '',
};

/**
 * Issue 30 item 4: a new coupon, checked by the contract the server checks
 * it with (CouponForm reads the typed fields into AdminCouponBody). A code
 * the shop has already comes back from the server on the code field.
 * `onDone` hears the result in words, for the page to announce.
 */
export function CouponCreate({ onDone }: { onDone: (message: string) => void }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const create = useCreateCoupon();
  const form = useForm<CouponValues>(CouponForm, empty);
  const submit = useFormSubmit<AdminCouponBody>(form, {
    busy: create.isPending,
    send: (body) => {
      onDone('');
      create.mutate(body, {
        onSuccess: (coupon) => {
          form.reset(empty);
          onDone(t('admin.coupons.created', { code: coupon.code }));
        },
        onError: (error) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
        },
      });
    },
  });
  const percent = form.values.kind === 'percent';
  return (
    <form ref={submit.ref} className="admin-shop-form" aria-label={t('admin.coupons.new')} onSubmit={submit.onSubmit} noValidate>
      <TextField
        form={form}
        name="code"
        label={t('admin.coupons.code')}
        hint={t('admin.coupons.codeHint')}
        required
        autoComplete="off"
        maxLength={COUPON_CODE_MAX}
      />
      <TitleFields form={form} legend={t('admin.coupons.name')} hint={t('admin.coupons.nameHint')} />
      <RadioGroup
        form={form}
        name="kind"
        label={t('admin.coupons.kind')}
        options={[
          { value: 'percent', label: t('admin.coupons.kindPercent') },
          { value: 'amount', label: t('admin.coupons.kindAmount') },
        ]}
      />
      {percent ? (
        <TextField form={form} name="percent_off" label={t('admin.coupons.percent')} required inputMode="numeric" maxLength={3} />
      ) : (
        <TextField
          form={form}
          name="amount_off"
          label={t('admin.coupons.amount', { max: formatMoney(COUPON_AMOUNT_MAX_USD) })}
          required
          inputMode="decimal"
          maxLength={12}
        />
      )}
      <TextField
        form={form}
        name="expires_at"
        type="date"
        label={t('admin.coupons.expires')}
        hint={t('admin.coupons.expiresHint')}
      />
      <TextField
        form={form}
        name="max_redemptions"
        label={t('admin.coupons.limit')}
        hint={t('admin.coupons.limitHint')}
        inputMode="numeric"
        maxLength={7}
      />
      <FormFailure message={submit.failure} />
      <SubmitButton busy={create.isPending}>
        {create.isPending ? t('admin.coupons.creating') : t('admin.coupons.create')}
      </SubmitButton>
    </form>
  );
}
