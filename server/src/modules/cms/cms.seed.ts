import { type LangCode, langCodes } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import type { Seeder } from '../../db/seeder';
import { sanitizeCmsHtml } from '../../lib/rich-text';
import { cmsRepository } from './cms.repository';
import { giftCardPages, givingMenus, supportUsDonations } from './demo-giving-pages';
import { demoPages, privacyBody, RETIRED_FREE_MP3, subscriptionPages } from './demo-pages';
import { aboutContentBefore, privacyBodyBefore, russianProgramBefore } from './demo-pages-before';

type Item = { title: string; url: string; children?: Item[] };

/** The demo ministry's menu on the English, Spanish and Russian sites (spec §2 Shell). */
const menus: Record<'en' | 'es' | 'ru', Item[]> = {
  en: [
    { title: 'Home', url: '/' },
    { title: 'Shop', url: '/shop' },
    {
      title: 'Listen',
      url: '/free-streaming',
      children: [
        { title: 'Free streaming', url: '/free-streaming' },
        { title: 'Get a free MP3', url: '/get-a-free-mp3' },
        { title: 'Bible lessons', url: '/adventures/sign-up' },
      ],
    },
    {
      title: 'About us',
      url: '/about',
      children: [
        { title: 'Our story', url: '/about' },
        { title: 'Russian program', url: '/about/russian-program' },
        { title: 'Guest book', url: '/guestbook' },
        { title: 'Contact', url: '/contact' },
      ],
    },
    { title: 'Support us', url: '/support-us' },
  ],
  es: [
    { title: 'Inicio', url: '/' },
    { title: 'Tienda', url: '/tienda' },
    {
      title: 'Escuchar',
      url: '/free-streaming',
      children: [
        { title: 'Escuchar gratis', url: '/free-streaming' },
        { title: 'MP3 gratis', url: '/get-a-free-mp3' },
        { title: 'Lecciones bíblicas', url: '/adventures/sign-up' },
      ],
    },
    {
      title: 'Quiénes somos',
      url: '/quienes-somos',
      children: [
        { title: 'Nuestra historia', url: '/quienes-somos' },
        { title: 'Programa ruso', url: '/quienes-somos/programa-ruso' },
        { title: 'Libro de visitas', url: '/libro-de-visitas' },
        { title: 'Contacto', url: '/contactar' },
      ],
    },
    { title: 'Apóyanos', url: '/apoyar' },
  ],
  ru: [
    { title: 'Главная', url: '/' },
    { title: 'Магазин', url: '/shop' },
    {
      title: 'Слушать',
      url: '/free-streaming',
      children: [
        { title: 'Слушать бесплатно', url: '/free-streaming' },
        { title: 'Бесплатный MP3', url: '/get-a-free-mp3' },
        { title: 'Библейские уроки', url: '/adventures/sign-up' },
      ],
    },
    {
      title: 'О нас',
      url: '/about',
      children: [
        { title: 'Наша история', url: '/about' },
        { title: 'Русская программа', url: '/about/russian-program' },
        { title: 'Гостевая книга', url: '/guestbook' },
        { title: 'Контакты', url: '/contact' },
      ],
    },
    { title: 'Поддержать', url: '/support-us' },
  ],
};

async function insert(db: Db, lang: 'en' | 'es' | 'ru', items: Item[], parentId: number | null) {
  const repo = cmsRepository(db);
  for (const [position, item] of items.entries()) {
    const id = await repo.insertNavigation({ parent_id: parentId, lang_code: lang, title: item.title, url: item.url, position });
    if (item.children) await insert(db, lang, item.children, id);
  }
}

export const navigationSeeder: Seeder = {
  name: 'cms.navigation',
  async run(db) {
    await insert(db, 'en', menus.en, null);
    await insert(db, 'es', menus.es, null);
  },
};

/** The Russian site's menu: a seeder of its own, so databases seeded before it get it too. */
export const russianNavigationSeeder: Seeder = {
  name: 'cms.navigation.ru',
  async run(db) {
    await insert(db, 'ru', menus.ru, null);
  },
};

/** The CMS pages of the three sites (demo-pages.ts). */
export const pagesSeeder: Seeder = {
  name: 'cms.pages',
  async run(db) {
    const repo = cmsRepository(db);
    for (const page of demoPages) await repo.insertEntry(page);
  },
};

/**
 * Issue 12: the subscription page of each site, also on databases seeded
 * before it; a site whose editors already made one (or took its address)
 * keeps theirs.
 */
export const subscriptionPagesSeeder: Seeder = {
  name: 'cms.pages.subscription',
  async run(db) {
    const repo = cmsRepository(db);
    for (const page of subscriptionPages) {
      const taken =
        (await repo.findPublishedByType(page.lang_code, 'subscription')) ?? (await repo.findPublished(page.lang_code, page.url));
      if (!taken) await repo.insertEntry(page);
    }
  },
};

/**
 * Issue 6: databases seeded before it gave a sold track away as each
 * language's free MP3. Their demo free-mp3 pages get the recording made for
 * them (and its words); a page an editor has pointed elsewhere stays as is.
 */
export const freeMp3RecordingSeeder: Seeder = {
  name: 'cms.free-mp3.own-recording',
  async run(db) {
    const repo = cmsRepository(db);
    for (const page of demoPages) {
      if (page.type !== 'free-mp3' || !page.mp3) continue;
      await repo.replaceFreeMp3({ ...page, mp3: page.mp3 }, RETIRED_FREE_MP3[page.lang_code]);
    }
  },
};

/**
 * Issue 12 item 8: each site's Support us page becomes a donations page
 * (demo-giving-pages.ts), also on databases seeded before it. Only a page
 * still as the demo wrote it is changed; a missing one is created; one an
 * editor has changed keeps their work.
 */
export const donationsPageSeeder: Seeder = {
  name: 'cms.pages.donations',
  async run(db) {
    const repo = cmsRepository(db);
    for (const lang of langCodes) {
      const demo = demoPages.find((p) => p.lang_code === lang && p.translation_key === 'support-us');
      if (!demo) continue;
      const page = { ...demo, type: 'donations' as const, donations: supportUsDonations[lang] };
      if (await repo.findAt(lang, demo.url))
        await repo.retypeDemoPage(page, { type: demo.type, main_content: demo.main_content ?? '' });
      else await repo.insertEntry(page);
    }
  },
};

/** Issue 12 item 8: the gift card page of each site, unless its editors already made one (or took its address). */
export const giftCardPagesSeeder: Seeder = {
  name: 'cms.pages.gift-card',
  async run(db) {
    const repo = cmsRepository(db);
    for (const page of giftCardPages) {
      const taken =
        (await repo.findPublishedByType(page.lang_code, 'gift-card')) ?? (await repo.findAt(page.lang_code, page.url));
      if (!taken) await repo.insertEntry(page);
    }
  },
};

/**
 * Issue 12 item 8: the Support us menu item opens on the donations, gift
 * card and subscription pages, also on databases seeded before. A site
 * whose editors removed the item or gave it entries keeps its menu.
 */
export const givingNavigationSeeder: Seeder = {
  name: 'cms.navigation.giving',
  async run(db) {
    const repo = cmsRepository(db);
    const items = await repo.listNavigation();
    for (const lang of langCodes) {
      const menu = givingMenus[lang];
      const parent = items.find((i) => i.lang_code === lang && i.parent_id === null && i.url === menu.parentUrl);
      if (!parent || items.some((i) => i.parent_id === parent.id)) continue;
      for (const [position, child] of menu.children.entries()) {
        await repo.insertNavigation({ parent_id: parent.id, lang_code: lang, title: child.title, url: child.url, position });
      }
    }
  },
};

/**
 * Children's profiles (decision 051): the privacy page of each site says what is kept about a child, also on
 * databases seeded before. Only a page still as the demo wrote it is changed; one an editor has changed keeps their
 * work (they add the section themselves).
 */
export const privacyChildrenSeeder: Seeder = {
  name: 'cms.pages.privacy-children',
  async run(db) {
    const repo = cmsRepository(db);
    for (const lang of langCodes) {
      const demo = demoPages.find((p) => p.lang_code === lang && p.translation_key === 'privacy');
      if (demo) await repo.rewriteDemoContent(lang, demo.url, privacyBodyBefore[lang], privacyBody[lang]);
    }
  },
};

/** The demo pages whose main content changed more than its headings' ids when they were written for the visual editor. */
const rewrittenBefore: Partial<Record<string, Record<LangCode, string>>> = {
  about: aboutContentBefore,
  'russian-program': russianProgramBefore,
};

/**
 * Decision 063: the demo pages are written in what the visual editor keeps
 * (no ids on headings, the Russian program's schedule a list), so each opens
 * in it, also on databases seeded before. Only a page still as the demo wrote
 * it is changed: its earlier text (demo-pages-before.ts), or the new one with
 * ids on its headings; one an editor has changed keeps their work.
 */
export const visualDemoPagesSeeder: Seeder = {
  name: 'cms.pages.visual-editor',
  async run(db) {
    const repo = cmsRepository(db);
    for (const page of [...demoPages, ...giftCardPages]) {
      const row = page.main_content ? await repo.findAt(page.lang_code, page.url) : undefined;
      if (!row || !page.main_content) continue;
      const before =
        rewrittenBefore[page.translation_key ?? '']?.[page.lang_code] ??
        (withoutHeadingIds(row.main_content) === sanitizeCmsHtml(page.main_content) ? row.main_content : undefined);
      if (before !== undefined) await repo.rewriteDemoContent(page.lang_code, page.url, before, page.main_content);
    }
  },
};

const withoutHeadingIds = (html: string) => html.replace(/<(h[2-6]) id="[^"]*">/g, '<$1>');
