import type { Seeder } from '../../db/seeder';
import { stockRepository } from './stock.repository';

/** The demo shop's shelf: every CD and book counted (decision 061), so "Sold out" and the low-stock list are real. */
export const DEMO_STOCK = 25;

export const stockSeeder: Seeder = {
  name: 'stock.demo-shelf',
  run: (db) => stockRepository(db).countUncounted(DEMO_STOCK),
};
