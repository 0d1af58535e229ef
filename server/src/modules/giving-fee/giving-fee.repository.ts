import { DEFAULT_FEE_RULE, type FeeRule } from '@storyhouse/contracts';
import type { Db } from '../../db/database';

/** The ministry's fee rule (decision 067): one row, 2.9 % + 30¢ until the back office changes it. */
export function givingFeeRepository(db: Db) {
  return {
    async rule(): Promise<FeeRule> {
      const row = await db.selectFrom('giving_fee_rule').select(['percent_bp', 'fixed_cents']).executeTakeFirst();
      return row ?? { ...DEFAULT_FEE_RULE };
    },

    /** The rule as it is, locked for a change in this transaction. */
    async ruleForUpdate(): Promise<FeeRule> {
      const row = await db.selectFrom('giving_fee_rule').select(['percent_bp', 'fixed_cents']).forUpdate().executeTakeFirst();
      return row ?? { ...DEFAULT_FEE_RULE };
    },

    async setRule(rule: FeeRule) {
      await db
        .insertInto('giving_fee_rule')
        .values({ id: true, ...rule })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...rule, updated_at: new Date() }))
        .execute();
    },
  };
}
