import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, cartVisitor, logIn } from '../../../test/cart-client';
import { createPlan, createUser } from '../../../test/factories';
import { payCart, submitCart } from '../../../test/payments-client';

/** One plan at a time (issue 28): a family with an active plan does not buy a second one. */
let t: TestApp;
const plans = { monthly: 0, annual: 0 };
beforeAll(async () => {
  t = await createTestApp();
  plans.monthly = await createPlan(t.db, 'monthly');
  plans.annual = await createPlan(t.db, 'annual');
});
afterAll(() => t.close());

let families = 0;
async function family(): Promise<CartVisitor & { userId: number }> {
  families += 1;
  const email = `plan-family${families}@example.test`;
  const user = await createUser(t.db, { email, password: 'listen-along' });
  return Object.assign(await logIn(t.app, { email, password: 'listen-along' }), { userId: user.id });
}

const skusOf = async (v: CartVisitor) => ((await v.total()).json() as { skus: { sku_id: number }[] }).skus.map((s) => s.sku_id);
const ordersOf = (userId: number) => t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();

describe('one plan at a time', () => {
  it('refuses another plan, monthly or annual, to a family whose plan is active, and leaves the cart as it was', async () => {
    const v = await family();
    expect((await v.add(plans.monthly)).statusCode).toBe(200);
    await payCart(v);

    for (const plan of [plans.annual, plans.monthly]) {
      const res = await v.add(plan);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'plan_already_active',
        message: 'Your family already has a plan, and one plan plays every story. Nothing was added.',
      });
    }
    expect(await skusOf(v)).toEqual([]);
  });

  it('says so in the site language, as an answer to the web app (a refusal a family meets)', async () => {
    const v = await family();
    expect((await v.add(plans.annual)).statusCode).toBe(200);
    await payCart(v);
    const res = await v.send(
      'POST',
      '/crud/cart-session/skus',
      { sku_id: plans.monthly },
      {
        host: 'es.localhost',
        prefer: 'refusal-status=200',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().refused).toMatchObject({ status: 409, code: 'plan_already_active' });
    expect(res.json().refused.message).toMatch(/^Tu familia ya tiene un plan/);
  });

  it('charges nothing for a plan in the cart when another started since it was added (another tab)', async () => {
    const v = await family();
    expect((await v.add(plans.annual)).statusCode).toBe(200);
    // Meanwhile, the monthly plan was bought and is active.
    const other = await family();
    expect((await other.add(plans.monthly)).statusCode).toBe(200);
    await payCart(other);
    await sql`update recurring_items set user_id = ${v.userId} where user_id = ${other.userId}`.execute(t.db);

    const res = await submitCart(v);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('plan_already_active');
    expect(await ordersOf(v.userId)).toEqual([]);
    expect(await skusOf(v)).toEqual([plans.annual]);
  });

  it('leaves out of the account’s cart a plan a guest chose before signing in to an account whose plan is active', async () => {
    const v = await family();
    expect((await v.add(plans.monthly)).statusCode).toBe(200);
    await payCart(v);
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', v.userId).executeTakeFirstOrThrow()).email;

    const guest = cartVisitor(t.app);
    expect((await guest.add(plans.annual)).statusCode).toBe(200);
    const signedIn = await logIn(t.app, { email, password: 'listen-along' }, guest.cookie);
    expect(await skusOf(signedIn)).toEqual([]);
  });

  it('lets a family whose plan has ended choose one again', async () => {
    const v = await family();
    expect((await v.add(plans.monthly)).statusCode).toBe(200);
    await payCart(v);
    await sql`update recurring_items set cancel_at = now() - interval '1 day' where user_id = ${v.userId}`.execute(t.db);
    expect((await v.add(plans.annual)).statusCode).toBe(200);
    expect(await skusOf(v)).toEqual([plans.annual]);
  });
});
