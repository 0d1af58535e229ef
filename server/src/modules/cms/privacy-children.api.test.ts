import type { ContentByUrlResponse, LangCode } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { runSeeders, seeders } from '../../db/seed';
import { privacyChildrenSeeder } from './cms.seed';
import { privacyBodyBefore } from './demo-pages-before';

// Children's profiles (decision 051): the privacy page of each site says what is kept about a child.

const site: Record<LangCode, { host: string; url: string; says: RegExp[] }> = {
  en: {
    host: 'localhost',
    url: '/privacy',
    says: [
      /nickname, a drawn avatar and an age band/,
      /never ask for a child's e-mail, birth date or photo/,
      /deletes all of it at once/,
    ],
  },
  es: {
    host: 'es.localhost',
    url: '/privacidad',
    says: [
      /un apodo, un avatar dibujado/,
      /Nunca pedimos el correo, la fecha de nacimiento ni la foto/,
      /lo borra todo en el acto/,
    ],
  },
  ru: {
    host: 'ru.localhost',
    url: '/privacy',
    says: [/нарисованный аватар/, /дату рождения или фото ребёнка/, /сразу и навсегда удаляет всё/],
  },
};
const privacy = async (t: TestApp, lang: LangCode) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/crud/content/entry/by/url?url=${encodeURIComponent(site[lang].url)}`,
    headers: { host: site[lang].host },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as ContentByUrlResponse).cms_entry.main_content;
};

describe("the privacy page's children's profiles", () => {
  let fresh: TestApp;
  let before: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ seed: true });
    // A database seeded before children's profiles, whose Spanish editors rewrote their privacy page.
    before = await createTestApp();
    await runSeeders(
      before.db,
      seeders.filter((s) => s !== privacyChildrenSeeder),
    );
    for (const lang of ['en', 'ru'] as const)
      await before.db
        .updateTable('cms_entries')
        .set({ main_content: privacyBodyBefore[lang] })
        .where('url', '=', '/privacy')
        .where('lang_code', '=', lang)
        .execute();
    await before.db
      .updateTable('cms_entries')
      .set({ main_content: '<p>Nuestra política</p>' })
      .where('url', '=', '/privacidad')
      .execute();
    expect(await runSeeders(before.db)).toEqual([privacyChildrenSeeder.name]);
  });
  afterAll(async () => {
    await fresh.close();
    await before.close();
  });

  it.each(['en', 'es', 'ru'] as const)(
    'says in %s what is kept about a child, what is never asked, and that deleting is immediate',
    async (lang) => {
      const content = await privacy(fresh, lang);
      for (const said of site[lang].says) expect(content).toMatch(said);
      // Once, with an id of its words to link to (the served page's headings have one).
      expect(content.match(/<h2 id="[^"]+">(Children's profiles|Perfiles de niños|Детские профили)<\/h2>/g)).toHaveLength(1);
    },
  );

  it('is added to a page still as the demo wrote it, once, and an edited page keeps its words', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const content = await privacy(before, lang);
      for (const said of site[lang].says) expect(content).toMatch(said);
    }
    expect(await privacy(before, 'es')).toBe('<p>Nuestra política</p>');
    await privacyChildrenSeeder.run(before.db);
    expect((await privacy(before, 'en')).match(/>Children's profiles<\/h2>/g)).toHaveLength(1);
  });
});
