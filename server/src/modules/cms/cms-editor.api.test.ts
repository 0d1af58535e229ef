import type { AdminCmsEntriesResponse, AdminCmsEntry, AuditResponse, CmsEntryFieldsInput } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createCmsEntry, createUser } from '../../../test/factories';

/** Issue 30 item 3: CMS pages edited in the back office, drafts, preview, publish, and who may. */
let t: TestApp;
let admin: CartVisitor;
let customer: CartVisitor;
let aboutId = 0;

const ENTRIES = '/crud/admin/cms/entries';
const byUrl = (url: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/crud/content/entry/by/url?url=${encodeURIComponent(url)}${query}` });

/** A call with a method the cart client does not speak (PUT), as `who`. */
function call(who: CartVisitor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who?.cookie ? { cookie: who.cookie } : {} });
}
const read = async (id: number) => (await call(admin, 'GET', `${ENTRIES}/${id}`)).json() as AdminCmsEntry;
const save = (id: number, updated_at: string, fields: CmsEntryFieldsInput, who: CartVisitor | null = admin, query = '') =>
  call(who, 'PUT', `${ENTRIES}/${id}${query}`, { updated_at, fields });
const publish = (id: number, updated_at: string, who: CartVisitor | null = admin) =>
  call(who, 'POST', `${ENTRIES}/${id}/publish`, { updated_at });

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { email: 'pages-admin@example.test', password: 'writes-the-pages', is_admin: true });
  await createUser(t.db, { email: 'pages-family@example.test', password: 'reads-the-pages' });
  admin = await logIn(t.app, { email: 'pages-admin@example.test', password: 'writes-the-pages' });
  customer = await logIn(t.app, { email: 'pages-family@example.test', password: 'reads-the-pages' });
  aboutId = await createCmsEntry(t.db, {
    url: '/about',
    type: 'basic-subpage',
    title: 'Our story',
    translation_key: 'about',
    intro: '<p>We record stories.</p>',
    main_content: '<h2>Team</h2><p>Three readers.</p>',
  });
  await createCmsEntry(t.db, {
    url: '/quienes-somos',
    type: 'basic-subpage',
    title: 'Nuestra historia',
    lang_code: 'es',
    translation_key: 'about',
  });
});
afterAll(() => t.close());

describe('the editor of a page', () => {
  it('opens a page with its published fields, its translations and its version', async () => {
    const entry = await read(aboutId);
    expect(entry).toMatchObject({
      id: aboutId,
      lang_code: 'en',
      status: 'published',
      has_draft: false,
      translation_key: 'about',
      fields: { url: '/about', type: 'basic-subpage', title: 'Our story', intro: '<p>We record stories.</p>' },
      published: { title: 'Our story' },
      translations: [{ lang_code: 'es', url: '/quienes-somos', title: 'Nuestra historia', status: 'published' }],
    });
    expect(Date.parse(entry.updated_at)).not.toBeNaN();
    expect((await call(admin, 'GET', `${ENTRIES}/999999`)).json().code).toBe('cms_entry_not_found');
  });

  it('keeps a draft the visitors never see until it is published, then shows it at once', async () => {
    const before = await read(aboutId);
    const saved = await save(aboutId, before.updated_at, {
      ...before.fields,
      title: 'Our story, told anew',
      main_content: '<p>New words.</p>',
    });
    expect(saved.statusCode).toBe(200);
    const draft = saved.json() as AdminCmsEntry;
    expect(draft).toMatchObject({
      has_draft: true,
      fields: { title: 'Our story, told anew' },
      published: { title: 'Our story' },
    });
    expect(draft.updated_at).not.toBe(before.updated_at);

    // The site still shows the published page, to visitors and to the admin alike (its heading with an id to link to).
    expect((await byUrl('/about')).json().cms_entry).toMatchObject({
      title: 'Our story',
      main_content: '<h2 id="team">Team</h2><p>Three readers.</p>',
    });
    const list = (await call(admin, 'GET', `${ENTRIES}?status=changed`)).json() as AdminCmsEntriesResponse;
    expect(list.items.map((i) => i.url)).toEqual(['/about']);

    const live = await publish(aboutId, draft.updated_at);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'published', has_draft: false, published: { title: 'Our story, told anew' } });
    expect((await byUrl('/about')).json().cms_entry).toMatchObject({
      title: 'Our story, told anew',
      main_content: '<p>New words.</p>',
    });
    // Nothing left to publish.
    const again = await publish(aboutId, (live.json() as AdminCmsEntry).updated_at);
    expect([again.statusCode, again.json().code]).toEqual([409, 'cms_nothing_to_publish']);
  });

  it('refuses a save or publish of a page that changed since it was read, and writes nothing', async () => {
    const read1 = await read(aboutId);
    const first = await save(aboutId, read1.updated_at, { ...read1.fields, title: 'First admin’s title' });
    expect(first.statusCode).toBe(200);
    // The second admin read the page before the first saved: told it changed, never silently overwriting.
    const second = await save(
      aboutId,
      read1.updated_at,
      { ...read1.fields, title: 'Second admin’s title' },
      admin,
      '?test_spanish_site=1',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'cms_entry_changed' });
    expect(second.json().message).toContain('Esta página cambió');
    expect((await read(aboutId)).fields.title).toBe('First admin’s title');
    const stalePublish = await publish(aboutId, read1.updated_at);
    expect([stalePublish.statusCode, stalePublish.json().code]).toEqual([409, 'cms_entry_changed']);
    expect((await byUrl('/about')).json().cms_entry.title).toBe('Our story, told anew');

    const saves = (await call(admin, 'GET', '/crud/admin/audit?action=cms.save')).json() as AuditResponse;
    expect(saves.items.filter((i) => i.details.title === 'Second admin’s title')).toEqual([]);
  });

  it('cleans scripts, event attributes and javascript: links out of rich text before keeping it, and says so', async () => {
    const entry = await read(aboutId);
    const res = await save(aboutId, entry.updated_at, {
      ...entry.fields,
      intro: '<p>Hello<script>alert(1)</script></p>',
      main_content:
        '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> <img src="x.jpg" onerror="steal()" alt="x"></p>',
      // What the visual editor writes (headings, lists, line breaks, links) is kept as it is: not "cleaned".
      sidebar_content:
        '<h2>Visit</h2><p>Safe <a href="/contact">contact</a><br>and <a href="https://example.org/map">map</a></p><ul><li><p>One</p></li></ul>',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as AdminCmsEntry;
    expect(saved.cleaned).toEqual(['intro', 'main_content']);
    expect(saved.fields.intro).toBe('<p>Hello</p>');
    expect(saved.fields.main_content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(saved.fields.main_content).toContain('<a>this</a>');
    expect(saved.fields.sidebar_content).toBe(
      '<h2>Visit</h2><p>Safe <a href="/contact">contact</a><br />and <a href="https://example.org/map" target="_blank" rel="noopener noreferrer">map</a></p><ul><li><p>One</p></li></ul>',
    );

    const preview = await call(admin, 'GET', `${ENTRIES}/${aboutId}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.json()).toMatchObject({
      cms_template: 'basic-subpage',
      cms_entry: { intro: '<p>Hello</p>' },
      alternates: { es: '/quienes-somos' },
    });

    const published = (await publish(aboutId, saved.updated_at)).json() as AdminCmsEntry;
    expect(published.published?.intro).toBe('<p>Hello</p>');
    const page = (await byUrl('/about')).json().cms_entry;
    expect(JSON.stringify(page)).not.toMatch(/<script|onclick|onerror|javascript:/i);
  });

  it('checks each field with localized messages: addresses, links, amounts', async () => {
    const entry = await read(aboutId);
    const res = await save(
      aboutId,
      entry.updated_at,
      {
        ...entry.fields,
        url: '/About Us',
        title: '',
        scripts: ['javascript:alert(1)'],
        home: { homeMainLink: 'javascript:alert(1)' },
        donations: [{ code: 'general', title: 'Gift', amounts: '25, 0.5, abc' }],
      },
      admin,
      '?test_spanish_site=1',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'fields.url': expect.stringContaining('minúsculas'),
      'fields.title': 'Obligatorio',
      'fields.scripts.0': expect.stringContaining('https://'),
      'fields.home.homeMainLink': expect.stringContaining('http://'),
      'fields.donations.0.amounts': expect.stringContaining('$1'),
    });
    expect((await read(aboutId)).updated_at).toBe(entry.updated_at);

    // Another page of the language has the address: refused, nothing written.
    await createCmsEntry(t.db, { url: '/taken', type: 'basic-subpage', title: 'Taken' });
    const taken = await save(aboutId, entry.updated_at, { ...entry.fields, url: '/taken' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'cms_url_taken']);
    expect(taken.json().fields).toEqual({ 'fields.url': 'Another page of this language already has this address' });
    expect((await read(aboutId)).updated_at).toBe(entry.updated_at);
  });

  it('saves the home page’s fields and a donations page’s blocks with their amounts', async () => {
    const homeId = await createCmsEntry(t.db, {
      url: '/index',
      type: 'home-page',
      title: 'Welcome',
      home: { homeMainTitle: 'Stories' },
    });
    const home = await read(homeId);
    expect(home.fields.home).toEqual({ homeMainTitle: 'Stories' });
    const saved = await save(homeId, home.updated_at, {
      ...home.fields,
      home: {
        homeMainTitle: 'Stories for the road',
        homeMainDescription: '<p onmouseover="x()">Listen together</p>',
        homeMainLink: '/shop',
        homeAnnouncementLink: 'https://example.org/news',
      },
    });
    const homeSaved = saved.json() as AdminCmsEntry;
    expect(homeSaved.cleaned).toEqual(['home.homeMainDescription']);
    await publish(homeId, homeSaved.updated_at);
    expect((await byUrl('/')).json().cms_entry.home).toEqual({
      homeMainTitle: 'Stories for the road',
      homeMainDescription: '<p>Listen together</p>',
      homeMainLink: '/shop',
      homeAnnouncementLink: 'https://example.org/news',
    });

    const giveId = await createCmsEntry(t.db, { url: '/support-us', type: 'donations', title: 'Support us' });
    const give = await read(giveId);
    const blocks = await save(giveId, give.updated_at, {
      ...give.fields,
      donations: [
        {
          code: 'missions',
          monthly_code: 'missions_monthly',
          title: 'Missions',
          description: '<p>Radio</p>',
          amounts: '15, 30, 60',
        },
      ],
    });
    expect(blocks.statusCode).toBe(200);
    await publish(giveId, (blocks.json() as AdminCmsEntry).updated_at);
    expect((await byUrl('/support-us')).json().cms_entry.donations).toEqual([
      {
        code: { value: 'missions' },
        monthly_code: { value: 'missions_monthly' },
        title: { value: 'Missions' },
        monthly_title: { value: '' },
        description: { value: '<p>Radio</p>' },
        amounts: [15, 30, 60],
      },
    ]);
  });
});

describe('new pages and translations', () => {
  it('creates a draft page nobody sees until it is published, and its Russian version linked to it', async () => {
    const created = await call(admin, 'POST', ENTRIES, {
      lang_code: 'en',
      type: 'basic-subpage',
      url: '/team',
      title: 'Our team',
    });
    expect(created.statusCode).toBe(201);
    const team = created.json() as AdminCmsEntry;
    expect(team).toMatchObject({
      status: 'draft',
      has_draft: true,
      published: null,
      fields: { url: '/team', title: 'Our team' },
    });
    expect((await byUrl('/team')).statusCode).toBe(404);
    // Not on the site search either.
    expect(
      (await call(admin, 'GET', `${ENTRIES}?status=draft&search=team`)).json().items.map((i: { url: string }) => i.url),
    ).toEqual(['/team']);

    const ru = await call(admin, 'POST', ENTRIES, {
      lang_code: 'ru',
      type: 'basic-subpage',
      url: '/team',
      title: 'Наша команда',
      translation_of: team.id,
    });
    expect(ru.statusCode).toBe(201);
    const ruEntry = ru.json() as AdminCmsEntry;
    expect(ruEntry.translation_key).toBe(team.translation_key);
    expect(ruEntry.translations).toMatchObject([{ id: team.id, lang_code: 'en', status: 'draft' }]);
    const twice = await call(admin, 'POST', ENTRIES, {
      lang_code: 'ru',
      type: 'basic-subpage',
      url: '/team-2',
      title: 'Ещё',
      translation_of: team.id,
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'cms_translation_exists']);

    const live = await publish(team.id, team.updated_at);
    expect(live.json()).toMatchObject({ status: 'published', has_draft: false });
    expect((await byUrl('/team')).json().cms_entry.title).toBe('Our team');

    const audit = (await call(admin, 'GET', '/crud/admin/audit?action=cms.create')).json() as AuditResponse;
    expect(audit.items.map((i) => [i.target, i.admin.email])).toEqual([
      ['page /team (ru)', 'pages-admin@example.test'],
      ['page /team (en)', 'pages-admin@example.test'],
    ]);
    const published = (await call(admin, 'GET', '/crud/admin/audit?action=cms.publish')).json() as AuditResponse;
    expect(published.items[0]).toMatchObject({ target: 'page /team (en)', target_kind: 'page', details: { title: 'Our team' } });
  });
});

describe('the storefront’s cache', () => {
  it('keeps a published page for CMS_CACHE_MS, and a publish on this instance shows at once', async () => {
    const cached = await createTestApp({ env: { CMS_CACHE_MS: '60000' } });
    try {
      const id = await createCmsEntry(cached.db, { url: '/cached', type: 'basic-subpage', title: 'Before' });
      await createUser(cached.db, { email: 'cache-admin@example.test', password: 'writes-the-pages', is_admin: true });
      const cacheAdmin = await logIn(cached.app, { email: 'cache-admin@example.test', password: 'writes-the-pages' });
      const page = async () =>
        (await cached.app.inject({ method: 'GET', url: '/crud/content/entry/by/url?url=%2Fcached' })).json().cms_entry.title;
      const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        cached.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: cacheAdmin.cookie ?? '' } });
      expect(await page()).toBe('Before');
      const entry = (await as('GET', `${ENTRIES}/${id}`)).json() as AdminCmsEntry;
      const saved = (
        await as('PUT', `${ENTRIES}/${id}`, { updated_at: entry.updated_at, fields: { ...entry.fields, title: 'After' } })
      ).json();
      expect(await page()).toBe('Before');
      expect((await as('POST', `${ENTRIES}/${id}/publish`, { updated_at: saved.updated_at })).statusCode).toBe(200);
      expect(await page()).toBe('After');
    } finally {
      await cached.close();
    }
  });
});

describe('who may', () => {
  it('is for admins acting as themselves: a visitor gets 401, a family 403, and a draft is never shown to them', async () => {
    const entry = await read(aboutId);
    const draftSave = await save(aboutId, entry.updated_at, { ...entry.fields, title: 'Secret draft' });
    expect(draftSave.statusCode).toBe(200);
    for (const [who, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect((await call(who, 'GET', `${ENTRIES}`)).statusCode).toBe(status);
      expect((await call(who, 'GET', `${ENTRIES}/${aboutId}`)).statusCode).toBe(status);
      expect((await call(who, 'GET', `${ENTRIES}/${aboutId}/preview`)).statusCode).toBe(status);
      expect((await save(aboutId, entry.updated_at, entry.fields, who)).statusCode).toBe(status);
      expect((await publish(aboutId, entry.updated_at, who)).statusCode).toBe(status);
      expect(
        (await call(who, 'POST', ENTRIES, { lang_code: 'en', type: 'basic-subpage', url: '/x', title: 'X' })).statusCode,
      ).toBe(status);
    }
    const page = await call(customer, 'GET', `/crud/content/entry/by/url?url=${encodeURIComponent('/about')}&preview=1`);
    expect(page.statusCode).toBe(400);
    expect((await call(customer, 'GET', `/crud/content/entry/by/url?url=%2Fabout`)).json().cms_entry.title).not.toBe(
      'Secret draft',
    );
    expect((await read(aboutId)).fields.title).toBe('Secret draft');
  });
});
