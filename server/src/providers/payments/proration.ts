/**
 * The unused part of a period that was paid in full, in whole cents rounded
 * down (never more than was paid): what a change of plan credits, and what
 * cancelling now refunds. The one proration rule of both processors and of
 * the subscriptions service.
 */
export function unusedCents(paidCents: number, periodStart: Date, periodEnd: Date, at: Date): number {
  const length = periodEnd.getTime() - periodStart.getTime();
  if (length <= 0 || at >= periodEnd) return 0;
  if (at <= periodStart) return paidCents;
  return Math.floor((paidCents * (periodEnd.getTime() - at.getTime())) / length);
}
