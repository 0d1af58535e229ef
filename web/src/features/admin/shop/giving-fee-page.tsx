import { coverFeeCents, type FeeRule, FeeRuleForm, MAX_FEE_FIXED_CENTS } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type ActionResult, ActionResultStatus } from '../shared/action-result';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { useAdminFeeRule, useSetFeeRule } from './api/giving-fee';
import '../../../ui/form/form.css';
import './shop.css';

type FeeValues = { percent: string; fixed: string };

/** The rule as the form shows it: "2.9" and "0.30". */
const typed = (rule: FeeRule): FeeValues => ({
  percent: String(rule.percent_bp / 100),
  fixed: (rule.fixed_cents / 100).toFixed(2),
});

/** A $25 gift: what the example under the form works out. */
const EXAMPLE_GIFT_CENTS = 2500;

/**
 * Decision 067, Card fee: the percent and fixed amount the card processor
 * keeps of each payment, from which a donor's "cover the fee" is computed
 * (on the Donations page and the cart's donation). Saved at once; audited.
 */
export default function GivingFeePage() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useAdminFeeRule();
  return (
    <AdminLayout title={t('admin.givingFee.title')}>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <AdminPart title={t('admin.givingFee.title')}>
          <p>{t('admin.givingFee.intro')}</p>
          <FeeForm rule={data} />
        </AdminPart>
      )}
    </AdminLayout>
  );
}

function FeeForm({ rule }: { rule: FeeRule }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSetFeeRule();
  const form = useForm<FeeValues>(FeeRuleForm, typed(rule));
  const [saved, setSaved] = useState<ActionResult>();
  const submit = useFormSubmit<FeeRule>(form, {
    busy: save.isPending,
    send: (next) => {
      setSaved(undefined);
      save.mutate(next, {
        onSuccess: (after) => {
          form.reset(typed(after));
          const message = t('admin.givingFee.saved', {
            percent: after.percent_bp / 100,
            fixed: formatMoney(after.fixed_cents / 100),
          });
          setSaved({ ok: true, message });
        },
        onError: (e) => {
          if (!submit.showServerErrors(e)) submit.setFailure(errorMessage(e, 'admin.givingFee.failed'));
        },
      });
    },
  });
  const shown = FeeRuleForm.safeParse(form.values);
  const example = shown.success ? shown.data : rule;
  return (
    <form
      ref={submit.ref}
      className="admin-shop__rate"
      aria-label={t('admin.givingFee.title')}
      onSubmit={submit.onSubmit}
      noValidate
    >
      <ActionResultStatus result={saved} />
      <TextField
        form={form}
        name="percent"
        label={t('admin.givingFee.percent')}
        hint={t('admin.givingFee.percentHint')}
        required
        inputMode="decimal"
        maxLength={6}
      />
      <TextField
        form={form}
        name="fixed"
        label={t('admin.givingFee.fixed')}
        hint={t('admin.givingFee.fixedHint', { max: formatMoney(MAX_FEE_FIXED_CENTS / 100) })}
        required
        inputMode="decimal"
        maxLength={6}
      />
      <p className="field__hint">
        {t('admin.givingFee.example', {
          gift: formatMoney(EXAMPLE_GIFT_CENTS / 100),
          added: formatMoney(coverFeeCents(EXAMPLE_GIFT_CENTS, example) / 100),
        })}
      </p>
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>
        {save.isPending ? t('admin.givingFee.saving') : t('admin.givingFee.save')}
      </SubmitButton>
    </form>
  );
}
