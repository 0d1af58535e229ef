import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { PaymentProvider } from '../../providers/payments/payment-provider';

/** The only SQL of payment_customers: each user's customer at the card processor. */
function customersRepository(db: Db) {
  return {
    async customerOf(userId: number, provider: string) {
      const query = db
        .selectFrom('payment_customers')
        .select('customer_id')
        .where('user_id', '=', userId)
        .where('provider', '=', provider);
      const [row] = (await db.executeQuery(preparedQuery(query))).rows;
      return row?.customer_id;
    },

    /** Keeps the customer id; when two requests created one at once, the first kept wins for both. */
    async save(userId: number, provider: string, customerId: string) {
      await db
        .insertInto('payment_customers')
        .values({ user_id: userId, provider, customer_id: customerId })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute();
      return (await this.customerOf(userId, provider)) as string;
    },

    findUser(userId: number) {
      return db.selectFrom('users').select(['email', 'fname', 'lname']).where('id', '=', userId).executeTakeFirstOrThrow();
    },
  };
}

/** The user's customer at the processor in use, if they have one yet. */
export const existingCustomer = (db: Db, payments: PaymentProvider, userId: number) =>
  customersRepository(db).customerOf(userId, payments.name);

/** The user's customer at the processor in use, created on first need. */
export async function ensureCustomer(db: Db, payments: PaymentProvider, userId: number) {
  const repo = customersRepository(db);
  const known = await repo.customerOf(userId, payments.name);
  if (known) return known;
  const user = await repo.findUser(userId);
  const { customerId } = await payments.createCustomer({ userId, email: user.email, name: `${user.fname} ${user.lname}`.trim() });
  return repo.save(userId, payments.name, customerId);
}
