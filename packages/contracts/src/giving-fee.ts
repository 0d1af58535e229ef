import { z } from 'zod';
import { ReportQuery } from './admin-reports';
import { typedUsdAmount } from './amounts';
import { text } from './text-fields';

/**
 * Issue 45, decision 067: "cover the fee". The ministry's fee rule is a
 * percentage (in basis points: 290 is 2.9 %) plus fixed cents per charge,
 * the card processor's price for one payment. The default is 2.9 % + 30¢.
 */
export const DEFAULT_FEE_RULE = { percent_bp: 290, fixed_cents: 30 } as const;
/** At most 20 % and $5 per charge: a processor's price, not a surcharge. */
export const MAX_FEE_PERCENT_BP = 2000;
export const MAX_FEE_FIXED_CENTS = 500;

export const FeeRule = z
  .strictObject({
    /** Basis points: 290 is 2.9 %. */
    percent_bp: z.number().int().min(0).max(MAX_FEE_PERCENT_BP),
    fixed_cents: z.number().int().min(0).max(MAX_FEE_FIXED_CENTS),
  })
  .meta({ id: 'FeeRule' });
export type FeeRule = z.infer<typeof FeeRule>;

/** PUT /crud/admin/giving-fee: the new rule (audited). GET answers the rule; GET /crud/giving-fee too, for the forms. */
export const FeeRuleBody = FeeRule;

/** A percent as typed: "2.9", "2,9", "3", at most two decimals. */
const TYPED_FEE_PERCENT = /^\d{1,2}(?:[.,]\d{1,2})?$/;

/** The back office's form as typed: the percent (to basis points) and the fixed part in dollars (to cents). */
export const FeeRuleForm = z
  .object({
    percent: text()
      .trim()
      .min(1)
      .refine((v) => TYPED_FEE_PERCENT.test(v), { error: 'admin.givingFee.percentInvalid', abort: true })
      .transform((v) => Math.round(Number(v.replace(',', '.')) * 100))
      .refine((bp) => bp <= MAX_FEE_PERCENT_BP, { error: 'admin.givingFee.percentInvalid' }),
    fixed: typedUsdAmount({ min: 0, max: MAX_FEE_FIXED_CENTS / 100 }),
  })
  .transform(({ percent, fixed }): FeeRule => ({ percent_bp: percent, fixed_cents: Math.round(fixed * 100) }));

/**
 * What the processor keeps of a charge of `chargeCents` under `rule`: the
 * percentage rounded up to the cent, plus the fixed cents. Rounded up so
 * that an amount computed from it never leaves the ministry short.
 */
export function processorFeeCents(chargeCents: number, rule: FeeRule): number {
  return Math.ceil((chargeCents * rule.percent_bp) / 10_000) + rule.fixed_cents;
}

/**
 * What a donor adds to a gift of `giftCents` so that all of the gift reaches
 * the ministry: the smallest whole number of cents `a` with
 *
 *     gift + a − fee(gift + a) ≥ gift,  i.e.  a ≥ fee(gift + a)
 *
 * where fee is processorFeeCents. Without the rounding the answer is
 * (gift × p + fixed) / (1 − p), p = percent_bp / 10 000; that real bound,
 * rounded up, is where the search starts, and at most one more cent is
 * needed for the percentage's own rounding. Integer cents throughout
 * (gift × percent_bp stays far below 2^53 for gifts up to $100,000).
 * 0 for a gift of 0 cents or less.
 */
export function coverFeeCents(giftCents: number, rule: FeeRule): number {
  if (giftCents <= 0) return 0;
  const rest = 10_000 - rule.percent_bp;
  let added = Math.ceil((giftCents * rule.percent_bp + rule.fixed_cents * 10_000) / rest);
  while (added < processorFeeCents(giftCents + added, rule)) added += 1;
  return added;
}

/**
 * GET /crud/admin/giving-fee/report?from&to (whole UTC days, as the other
 * reports): of the gifts in the days (donations of paid orders and each
 * month of a monthly gift), how many covered the fee and how much they added.
 */
export const FeeReportQuery = ReportQuery;
export const FeeReport = z
  .object({
    from: z.string(),
    to: z.string(),
    gifts: z.number().int(),
    covered: z.number().int(),
    /** covered ÷ gifts, 0 without gifts. */
    share: z.number(),
    covered_usd: z.number().describe('US dollars, 2 decimals'),
  })
  .meta({ id: 'FeeReport' });
export type FeeReport = z.infer<typeof FeeReport>;
