import type { FeeReport, FeeRule } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { toUsd } from '../../lib/money';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { coveredFeesIn, givingFeeRepository } from './giving-fee.repository';

const DAY_MS = 86_400_000;

/** The audit log's words for a rule: the percentage as a number of percent, the fixed part in dollars. */
const ruleDetails = (rule: FeeRule, prefix = '') => ({
  [`${prefix}percent`]: rule.percent_bp / 100,
  [`${prefix}fixed_usd`]: toUsd(rule.fixed_cents),
});

/** Decision 067: reading and changing the ministry's fee rule (each change audited with the rule before it). */
export function givingFeeService(db: Db) {
  return {
    rule: () => givingFeeRepository(db).rule(),

    /** The report's whole UTC days, `to` included. */
    async report({ from, to }: { from: string; to: string }): Promise<FeeReport> {
      const span = { lo: new Date(`${from}T00:00:00Z`), hi: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) };
      const { gifts, covered, coveredCents } = await coveredFeesIn(db, span);
      return { from, to, gifts, covered, share: gifts === 0 ? 0 : covered / gifts, covered_usd: toUsd(coveredCents) };
    },

    setRule(request: FastifyRequest, admin: { id: number; email: string }, rule: FeeRule) {
      return db.transaction().execute(async (trx) => {
        const repo = givingFeeRepository(trx);
        const before = await repo.ruleForUpdate();
        await repo.setRule(rule);
        await recordAdminAction(trx, request, admin, 'giving_fee.update', auditTarget('giving_fee', 'rule'), {
          ...ruleDetails(rule),
          ...ruleDetails(before, 'was_'),
        });
        return rule;
      });
    },
  };
}
export type GivingFeeService = ReturnType<typeof givingFeeService>;
