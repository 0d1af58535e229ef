import type { useI18n } from '../../lib/i18n';

type I18n = Pick<ReturnType<typeof useI18n>, 't' | 'formatMoney'>;

/** A shipping price as a family reads it (issue 27 item 7): "Free" rather than $0.00. */
export const shippingPrice = ({ t, formatMoney }: I18n, usd: number) =>
  usd === 0 ? t('checkout.method.free') : formatMoney(usd);
