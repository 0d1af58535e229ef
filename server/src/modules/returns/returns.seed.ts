import type { Seeder } from '../../db/seeder';
import { returnReasonsRepository } from './return-reasons.repository';

/** The reasons a parcel comes back that a ministry meets first, in the three languages; the back office edits them. */
export const DEMO_RETURN_REASONS = [
  { en: 'Damaged in the post', es: 'Dañado en el envío', ru: 'Повреждено при доставке' },
  { en: 'Wrong item sent', es: 'Se envió un artículo equivocado', ru: 'Отправлен не тот товар' },
  { en: 'Ordered by mistake', es: 'Pedido por error', ru: 'Заказано по ошибке' },
  { en: 'Not delivered: came back to us', es: 'No entregado: nos fue devuelto', ru: 'Не доставлено: вернулось к нам' },
  { en: 'Faulty disc or misprinted book', es: 'Disco defectuoso o libro mal impreso', ru: 'Бракованный диск или книга' },
  { en: 'Other', es: 'Otro', ru: 'Другое' },
] as const;

/** Decision 061: the return reasons, in their order. */
export const returnReasonsSeeder: Seeder = {
  name: 'returns.reasons',
  async run(db) {
    const repo = returnReasonsRepository(db);
    for (const titles of DEMO_RETURN_REASONS) await repo.setTitles(await repo.insert(titles.en), titles);
  },
};
