import { type AgeBand, GIFT_CARD_CODE, type LangCode } from '@storyhouse/contracts';
import demo from '../../../demo/catalogue.json';
import type { Seeder } from '../../db/seeder';
import { catalogueRepository } from './catalogue.repository';

/** The shape of server/demo/catalogue.json (described in server/demo/generate-media.mjs). */
interface DemoPrice {
  full_cents: number;
  sale_cents?: number;
  is_shipped_free?: boolean;
}
interface DemoTrack {
  title: string;
  description: string;
  full_cents: number;
  sale_cents?: number;
  is_free: boolean;
  file: string;
  preview: string;
  length_seconds: number;
}
interface DemoProduct {
  slug: string;
  title: string;
  description: string;
  lang_code: LangCode;
  is_book: boolean;
  is_available: boolean;
  is_free_streaming: boolean;
  age_band: AgeBand;
  release_date: string;
  image: string;
  image_wide?: string | null;
  skus: Partial<Record<'digital_album' | 'physical' | 'book', DemoPrice>>;
  tracks: DemoTrack[];
}
interface DemoCatalogue {
  products: DemoProduct[];
  promoted: Record<LangCode, { albums: string[]; top_stories: { slug: string; track: number }[] }>;
}

/** The day the demo's free stories of the week started: in the past, so they are current. */
const FREE_STORIES_START = '2024-01-01';

/** Subscription plans (spec §1, §9): the subscription page lists them with /crud/subscription-skus. */
const subscriptionPlans = [
  {
    code: 'monthly',
    title: 'Monthly subscription',
    description: 'Every story in the library, billed monthly.',
    full_price_cents: 799,
  },
  {
    code: 'annual',
    title: 'Annual subscription',
    description: 'Every story in the library for a year, billed once a year.',
    full_price_cents: 7999,
  },
];

/**
 * The demo donation funds (issue 12 item 4): each fund is offered once and
 * monthly, under the codes the demo Donations pages' blocks name (`code`,
 * `monthly_code`). The general donation of the cart page is `general_cart`.
 * A donation's amount is the family's, on its cart line.
 */
export const DEMO_FUNDS = [
  { code: 'general_cart', monthly_code: 'general_cart', title: 'General Ministry Donation' },
  { code: 'radio_outreach', monthly_code: 'radio_outreach_monthly', title: 'Radio outreach' },
  { code: 'new_recordings', monthly_code: 'new_recordings_monthly', title: 'New recordings' },
] as const;

type Titles = Record<LangCode, string>;

/**
 * Issue 26 item 14: what the family reads for the demo's skus that belong to
 * every site, in each language: the gift card, the plans (named as the
 * Subscription page names them) and each fund once and monthly (named as
 * each site's Support us page names it: cms/demo-giving-pages.ts).
 */
const DEMO_SKU_TITLES: { type: string; code: string; titles: Titles }[] = [
  {
    type: 'gift_card',
    code: GIFT_CARD_CODE,
    titles: { en: 'Storyhouse gift card', es: 'Tarjeta de regalo de Storyhouse', ru: 'Подарочная карта Storyhouse' },
  },
  { type: 'subscription', code: 'monthly', titles: { en: 'Monthly plan', es: 'Plan mensual', ru: 'Месячный план' } },
  { type: 'subscription', code: 'annual', titles: { en: 'Annual plan', es: 'Plan anual', ru: 'Годовой план' } },
  ...fundTitles('general_cart', 'general_cart', {
    en: 'General Ministry Donation',
    es: 'Donativo general al ministerio',
    ru: 'Общее пожертвование служению',
  }),
  ...fundTitles('radio_outreach', 'radio_outreach_monthly', {
    en: 'Stories on the radio',
    es: 'Historias en la radio',
    ru: 'Истории в эфире',
  }),
  ...fundTitles('new_recordings', 'new_recordings_monthly', {
    en: 'New recordings',
    es: 'Nuevas grabaciones',
    ru: 'Новые записи',
  }),
];

/** A fund's titles: once as named, monthly with the word for it. */
function fundTitles(code: string, monthlyCode: string, titles: Titles) {
  const monthly: Titles = { en: 'monthly', es: 'mensual', ru: 'ежемесячно' };
  const each = (f: (lang: LangCode) => string) => ({ en: f('en'), es: f('es'), ru: f('ru') });
  return [
    { type: 'donation', code, titles },
    { type: 'recurring_donation', code: monthlyCode, titles: each((lang) => `${titles[lang]} (${monthly[lang]})`) },
  ];
}

/** The demo's title of the sku of that type and code in a language (tests check the demo pages agree). */
export const demoSkuTitle = (type: string, code: string, lang: LangCode) =>
  DEMO_SKU_TITLES.find((sku) => sku.type === type && sku.code === code)?.titles[lang];

/** Demo media paths are relative to server/demo; storage keys are relative to server/demo/media. */
const storageKey = (path: string) => path.replace(/^media\//, '');

const sale = (p: { full_cents: number; sale_cents?: number }) => ({
  full_price_cents: p.full_cents,
  sale_price_cents: p.sale_cents ?? null,
});

/**
 * The demo catalogue (DESIGN.md 8): albums with their spoken MP3 tracks, CDs,
 * books and sale prices in three languages, each language's recommended
 * albums, top stories and free story of the week, and the subscription plans.
 */
export const catalogueSeeder: Seeder = {
  name: 'catalogue.demo',
  async run(db) {
    const repo = catalogueRepository(db);
    const catalogue = demo as DemoCatalogue;
    const albumSku = new Map<string, number>();
    const trackSkus = new Map<string, number[]>();

    for (const p of catalogue.products) {
      const productId = await repo.insertProduct({
        slug: p.slug,
        title: p.title,
        description: p.description,
        lang_code: p.lang_code,
        is_book: p.is_book,
        is_available: p.is_available,
        is_free_streaming: p.is_free_streaming,
        release_date: p.release_date,
        primary_image: storageKey(p.image),
        wide_image: p.image_wide ? storageKey(p.image_wide) : null,
      });
      for (const [type, price] of Object.entries(p.skus)) {
        const id = await repo.insertSku({
          product_id: productId,
          type,
          title: p.title,
          ...sale(price),
          is_shipped_free: price.is_shipped_free ?? false,
          lang_code: p.lang_code,
        });
        if (type === 'digital_album') albumSku.set(p.slug, id);
      }
      const tracks: number[] = [];
      for (const [position, t] of p.tracks.entries()) {
        tracks.push(
          await repo.insertSku({
            product_id: productId,
            type: 'digital_track',
            title: t.title,
            description: t.description,
            ...sale(t),
            position,
            length_seconds: t.length_seconds,
            is_free: t.is_free,
            media_full: storageKey(t.file),
            media_preview: storageKey(t.preview),
            lang_code: p.lang_code,
          }),
        );
        if (t.is_free)
          await repo.insertFreeStory({ lang_code: p.lang_code, sku_id: tracks.at(-1) as number, starts_on: FREE_STORIES_START });
      }
      trackSkus.set(p.slug, tracks);
    }

    for (const [lang, promoted] of Object.entries(catalogue.promoted) as [LangCode, DemoCatalogue['promoted'][LangCode]][]) {
      for (const [position, slug] of promoted.albums.entries()) {
        await repo.promote({ kind: 'recommended_album', lang_code: lang, sku_id: found(albumSku.get(slug), slug), position });
      }
      for (const [position, story] of promoted.top_stories.entries()) {
        const sku = trackSkus.get(story.slug)?.[story.track];
        await repo.promote({
          kind: 'top_story',
          lang_code: lang,
          sku_id: found(sku, `${story.slug} track ${story.track}`),
          position,
        });
      }
    }

    for (const [position, plan] of subscriptionPlans.entries()) {
      await repo.insertSku({ type: 'subscription', ...plan, position });
    }
  },
};

/**
 * Issue 12: the donation funds and the gift card, a seeder of its own so
 * databases seeded before them get them too. A donation's or a gift
 * card's amount is the family's, on its cart line.
 */
export const fundsSeeder: Seeder = {
  name: 'catalogue.funds',
  async run(db) {
    const repo = catalogueRepository(db);
    for (const fund of DEMO_FUNDS) {
      await repo.insertSku({ type: 'donation', code: fund.code, title: fund.title, full_price_cents: 0 });
      await repo.insertSku({ type: 'recurring_donation', code: fund.monthly_code, title: fund.title, full_price_cents: 0 });
    }
    await repo.insertSku({ type: 'gift_card', code: GIFT_CARD_CODE, title: 'Gift card', full_price_cents: 0 });
  },
};

/**
 * Issue 26 item 14: the demo gift card's, plans' and funds' titles in each
 * language (sku_titles), a seeder of its own so databases seeded before
 * them get them too. A title the ministry has set already stays.
 */
export const skuTitlesSeeder: Seeder = {
  name: 'catalogue.sku-titles',
  async run(db) {
    const repo = catalogueRepository(db);
    for (const sku of DEMO_SKU_TITLES) await repo.insertSkuTitles(sku.type, sku.code, sku.titles);
  },
};

/**
 * The ages each demo album and book is made for (catalogue.json age_band),
 * a seeder of its own so databases seeded before them get them too. A band
 * the ministry has set already stays.
 */
export const ageBandsSeeder: Seeder = {
  name: 'catalogue.age-bands',
  async run(db) {
    const repo = catalogueRepository(db);
    for (const p of (demo as DemoCatalogue).products) await repo.setAgeBandWhereUnset(p.slug, p.age_band);
  },
};

function found(id: number | undefined, what: string): number {
  if (id === undefined) throw new Error(`catalogue.json promotes ${what}, which it does not define`);
  return id;
}
