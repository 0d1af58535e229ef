import type { FreeShippingStatus } from '@storyhouse/contracts';
import type { useI18n } from '../../lib/i18n';

type I18n = Pick<ReturnType<typeof useI18n>, 't' | 'formatMoney'>;

/** A shipping price as a family reads it (issue 27 item 7): "Free" rather than $0.00. */
export const shippingPrice = ({ t, formatMoney }: I18n, usd: number) =>
  usd === 0 ? t('checkout.method.free') : formatMoney(usd);

/**
 * Spec §5 Free shipping, worded for the family (issue 27 item 7): the
 * sentence that says why shipping costs what it costs, for the server's
 * status of the economy method; null when there is nothing to explain (no
 * item ships free). The one home of that choice: the order summary and
 * the shipping step's method both say it.
 */
export function freeShippingReason(status: FreeShippingStatus | null | undefined) {
  if (status === 'qualified_all') return 'checkout.freeShipping.all' as const;
  if (status === 'qualified_some') return 'checkout.freeShipping.some' as const;
  return null;
}
