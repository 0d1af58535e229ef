import type { Db } from '../../db/database';
import { accountsRepository } from './accounts.repository';

/**
 * Issue 27 item 12: the account keeps the address a family gives at checkout
 * (the cart's address service calls this in its transaction), so settings
 * show it and GET /crud/user gives it to the next checkout.
 */
export const keepCheckoutAddress = (
  db: Db,
  userId: number,
  address: Parameters<ReturnType<typeof accountsRepository>['keepCheckoutAddress']>[1],
) => accountsRepository(db).keepCheckoutAddress(userId, address);
