import type { FindUs, LangCode } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { guestBookRepository } from './guest-book.repository';

interface DemoEntry {
  name: string;
  country: string;
  find_us: FindUs | null;
  content: string;
  /** Years before the current one (0: this year, a few days ago). */
  yearsAgo: number;
  /** Month (1-12) and day within that year; ignored for this year. */
  month: number;
  day: number;
  /** Waiting for approval: only the moderator sees it. */
  pending?: boolean;
}

/** Guest-book messages of the demo ministry: several years in each language, some waiting for approval. */
const entries: Record<LangCode, DemoEntry[]> = {
  en: [
    {
      name: 'Hannah W.',
      country: 'United States',
      find_us: 'Radio',
      content:
        'We heard "Noah\'s Big Boat" on our local station on the way to school and the kids begged to hear the rest at home. Thank you for stories that are fun and true to the Bible!',
      yearsAgo: 0,
      month: 0,
      day: 0,
    },
    {
      name: 'The Okafor family',
      country: 'Nigeria',
      find_us: 'Friend',
      content: 'Our evening routine is one story and one prayer.\nThe children now retell the stories to their cousins!',
      yearsAgo: 1,
      month: 10,
      day: 14,
    },
    {
      name: 'Pastor Jim',
      country: 'Canada',
      find_us: 'Email',
      content:
        'We play your albums in our Sunday school every week. The little ones sit still for the whole story, which is a miracle in itself.',
      yearsAgo: 1,
      month: 3,
      day: 2,
    },
    {
      name: 'Grandma Ruth',
      country: 'United Kingdom',
      find_us: null,
      content: 'I send the free story of the week to all seven grandchildren. Bless you all.',
      yearsAgo: 2,
      month: 12,
      day: 20,
    },
    {
      name: 'Mark',
      country: 'Australia',
      find_us: 'Radio',
      content: 'Long car trips are so much easier now. Thank you!',
      yearsAgo: 3,
      month: 6,
      day: 9,
    },
    {
      name: 'Sam',
      country: 'United States',
      find_us: 'Friend',
      content: 'Will there be more stories about Daniel? My son asks every day.',
      yearsAgo: 0,
      month: 0,
      day: 0,
      pending: true,
    },
    {
      name: 'Cheap pills',
      country: '',
      find_us: null,
      content: 'Visit my site for great deals!!!',
      yearsAgo: 1,
      month: 11,
      day: 30,
      pending: true,
    },
  ],
  es: [
    {
      name: 'Familia Rodríguez',
      country: 'México',
      find_us: 'Radio',
      content: '¡Escuchamos sus historias cada sábado en la radio! Mis hijas ya se saben de memoria la historia de Jonás.',
      yearsAgo: 0,
      month: 0,
      day: 0,
    },
    {
      name: 'Lucía',
      country: 'Argentina',
      find_us: 'Friend',
      content: 'Una amiga me recomendó la página y ahora la usamos en la escuela dominical. ¡Muchas gracias!',
      yearsAgo: 1,
      month: 9,
      day: 5,
    },
    {
      name: 'Pastor Andrés',
      country: 'España',
      find_us: 'Email',
      content: 'Historias bien contadas y fieles a la Biblia. Dios les bendiga.',
      yearsAgo: 2,
      month: 4,
      day: 18,
    },
    {
      name: 'Abuela Carmen',
      country: 'Colombia',
      find_us: null,
      content: 'Mis nietos escuchan una historia cada noche antes de dormir.\n¡Gracias por su trabajo!',
      yearsAgo: 3,
      month: 2,
      day: 11,
    },
    {
      name: 'Diego',
      country: 'Chile',
      find_us: 'Radio',
      content: '¿Tendrán pronto más historias de los apóstoles?',
      yearsAgo: 0,
      month: 0,
      day: 0,
      pending: true,
    },
  ],
  ru: [
    {
      name: 'Семья Ивановых',
      country: 'Россия',
      find_us: 'Radio',
      content: 'Слушаем ваши истории всей семьёй по вечерам. Спасибо, что говорите о Боге так понятно для детей!',
      yearsAgo: 0,
      month: 0,
      day: 0,
    },
    {
      name: 'Ольга',
      country: 'Украина',
      find_us: 'Friend',
      content: 'Дети в воскресной школе очень ждут каждую новую историю.',
      yearsAgo: 1,
      month: 8,
      day: 21,
    },
    {
      name: 'Пастор Михаил',
      country: 'Казахстан',
      find_us: 'Email',
      content: 'Благословений вашему служению!',
      yearsAgo: 2,
      month: 5,
      day: 3,
    },
    {
      name: 'Анна',
      country: 'Беларусь',
      find_us: null,
      content: 'Будут ли истории о Давиде?',
      yearsAgo: 1,
      month: 12,
      day: 1,
      pending: true,
    },
  ],
};

/** A date in the past: this year a few days ago (by position), earlier years on the entry's day at noon UTC. */
function dateOf(entry: DemoEntry, index: number, now: Date) {
  if (entry.yearsAgo === 0) return new Date(now.getTime() - (index + 2) * 86_400_000);
  return new Date(Date.UTC(now.getUTCFullYear() - entry.yearsAgo, entry.month - 1, entry.day, 12));
}

export const guestBookSeeder: Seeder = {
  name: 'guest-book-demo',
  async run(db: Db) {
    const repo = guestBookRepository(db);
    const now = new Date();
    for (const [lang, list] of Object.entries(entries) as [LangCode, DemoEntry[]][]) {
      for (const [i, entry] of list.entries()) {
        const created = dateOf(entry, i, now);
        await repo.insert({
          lang_code: lang,
          author_name: entry.name,
          author_email: `guest${i + 1}.${lang}@example.org`,
          country: entry.country,
          find_us: entry.find_us,
          content: entry.content,
          // Demo messages waiting for approval have no moderation link (none was e-mailed).
          moderation_token_hash: null,
          created_at: created,
          approved_at: entry.pending ? null : new Date(created.getTime() + 3_600_000),
        });
      }
    }
  },
};
