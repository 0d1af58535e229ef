import type { AdminNavigationBody, AdminNavigationResponse, AuditResponse, NavigationItem } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type CartVisitor, logIn } from '../../../test/cart-client';
import { createNavigationItem, createUser, signIn } from '../../../test/factories';

/** Issue 30 item 3: the site navigation edited in the back office, through the table and cache the storefront reads. */
const NAVIGATION = '/crud/content/entry/list/site-navigation';
const menuOf = (lang: string) => `/crud/admin/navigation/${lang}`;

let t: TestApp;
let admin: CartVisitor;
let adminId = 0;
beforeAll(async () => {
  // A cache as long as production's may be: the instance that saves must not keep answering the old menu.
  t = await createTestApp({ env: { CMS_CACHE_MS: '60000' } });
  adminId = (await createUser(t.db, { email: 'menu-admin@example.test', password: 'orders-the-menu', is_admin: true })).id;
  admin = await logIn(t.app, { email: 'menu-admin@example.test', password: 'orders-the-menu' });
});
afterAll(() => t.close());

const read = async (lang = 'en') => {
  const res = await admin.send('GET', menuOf(lang));
  expect(res.statusCode).toBe(200);
  return res.json() as AdminNavigationResponse;
};
/** PUT as the admin (the test visitor sends GET, POST and DELETE). */
const put = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie: admin.cookie as string } });
const save = (lang: string, body: AdminNavigationBody) => put(menuOf(lang), body);

/** An item of the edit as the menu answered it (its id, title and address; children the same way). */
const asEdit = (item: NavigationItem): AdminNavigationBody['items'][number] => ({
  id: item.id,
  title: item.title,
  url: item.url,
  children: item.children.map((c) => ({ id: c.id, title: c.title, url: c.url, children: [] })),
});
const outline = (items: NavigationItem[]): unknown =>
  items.map((i) => (i.children.length ? [i.title, outline(i.children)] : i.title));
const storefront = async (lang: string) => {
  const items = (await t.app.inject({ method: 'GET', url: NAVIGATION })).json().items as NavigationItem[];
  return outline(items.filter((i) => i.lang_code === lang));
};

describe('a menu saved in the back office', () => {
  it('is what the storefront answers at once: added, moved, nested, renamed and removed items, audited', async () => {
    const nav = (item: Parameters<typeof createNavigationItem>[1]) => createNavigationItem(t.db, item);
    const home = await nav({ title: 'Home', url: '/', position: 0 });
    const about = await nav({ title: 'About', url: '/about', position: 1 });
    await nav({ title: 'Old page', url: '/old', parent_id: about, position: 0 });
    await nav({ title: 'Inicio', url: '/', lang_code: 'es', position: 0 });
    // The storefront has read (and keeps) the menu before the edit.
    expect(await storefront('en')).toEqual(['Home', ['About', ['Old page']]]);

    const before = await read('en');
    expect(before).toMatchObject({ lang_code: 'en', version: 0, updated_at: null });
    expect(outline(before.items)).toEqual(['Home', ['About', ['Old page']]]);

    const res = await save('en', {
      version: before.version,
      items: [
        { id: about, title: 'About us', url: '/about', children: [{ id: home, title: 'Home', url: '/', children: [] }] },
        { id: null, title: 'Partners', url: 'https://partners.example.org/storyhouse', children: [] },
        { id: null, title: 'Support us', url: '/support-us?fund=missions#give', children: [] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as AdminNavigationResponse;
    expect(after.version).toBe(1);
    expect(after.updated_at).toEqual(expect.any(String));
    expect(outline(after.items)).toEqual([['About us', ['Home']], 'Partners', 'Support us']);
    expect(after.items[0]?.id).toBe(about);
    expect(after.items[0]?.children[0]?.id).toBe(home);

    expect(await storefront('en')).toEqual([['About us', ['Home']], 'Partners', 'Support us']);
    // The Spanish menu is not touched by the English one's save.
    expect(await storefront('es')).toEqual(['Inicio']);
    expect(await read('en')).toEqual(after);

    const audit = (await admin.send('GET', '/crud/admin/audit?action=navigation.update')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      admin: { id: adminId, email: 'menu-admin@example.test' },
      action: 'navigation.update',
      target: 'navigation en',
      details: { items: 4, version: 1 },
    });
  });

  it('starts a language’s first menu from nothing, keeps a child whose parent goes, and empties one', async () => {
    const first = await save('ru', {
      version: (await read('ru')).version,
      items: [{ id: null, title: 'Главная', url: '/', children: [{ id: null, title: 'О нас', url: '/o-nas', children: [] }] }],
    });
    expect(first.statusCode).toBe(200);
    expect(await storefront('ru')).toEqual([['Главная', ['О нас']]]);
    // The parent goes, its child stays (moved to the top level): the child is not removed with it.
    const child = (first.json() as AdminNavigationResponse).items[0]?.children[0] as NavigationItem;
    const moved = await save('ru', { version: first.json().version, items: [{ ...asEdit(child), children: [] }] });
    expect(moved.statusCode).toBe(200);
    expect(await storefront('ru')).toEqual(['О нас']);
    expect((moved.json() as AdminNavigationResponse).items[0]?.id).toBe(child.id);
    const empty = await save('ru', { version: moved.json().version, items: [] });
    expect(empty.statusCode).toBe(200);
    expect(await storefront('ru')).toEqual([]);
  });

  it('shows on another instance of the server within its cache time (CMS_CACHE_MS)', async () => {
    const other = await createTestApp({ database: t.database, env: { CMS_CACHE_MS: '2000' } });
    try {
      const menuThere = async () => {
        const items = (await other.app.inject({ method: 'GET', url: NAVIGATION })).json().items as NavigationItem[];
        return outline(items.filter((i) => i.lang_code === 'es'));
      };
      expect(await menuThere()).toEqual(['Inicio']);
      const start = await read('es');
      const res = await save('es', {
        version: start.version,
        items: [...start.items.map(asEdit), { id: null, title: 'Tienda', url: '/tienda', children: [] }],
      });
      expect(res.statusCode).toBe(200);
      // That instance still answers the menu it read, until its cache time is over.
      expect(await menuThere()).toEqual(['Inicio']);
      await expect.poll(menuThere, { timeout: 5000, interval: 250 }).toEqual(['Inicio', 'Tienda']);
    } finally {
      await other.close();
    }
  });

  it('tells the second of two admins saving from the same version that the menu changed, and writes nothing of theirs', async () => {
    const start = await read('en');
    const mine = await save('en', {
      version: start.version,
      items: [...start.items.map(asEdit), { id: null, title: 'Mine', url: '/mine', children: [] }],
    });
    expect(mine.statusCode).toBe(200);
    const audited = (await admin.send('GET', '/crud/admin/audit?action=navigation.update')).json().count;

    const theirs = await save('en', { version: start.version, items: [] });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toMatchObject({ code: 'navigation_changed', message: expect.stringMatching(/changed this menu/) });
    expect(await read('en')).toEqual(mine.json());
    expect((await admin.send('GET', '/crud/admin/audit?action=navigation.update')).json().count).toBe(audited);
  });
});

describe('bad edits are refused with a localized message, and change nothing', () => {
  let es = 0;
  beforeAll(async () => {
    es = await createNavigationItem(t.db, { title: 'Contacto', url: '/contactar', lang_code: 'es', position: 5 });
  });

  /** Sends an edit of the English menu with `item` at the end; answers the 400's fields (the menu and audit unchanged). */
  async function refused(item: unknown, query = '') {
    const before = await read('en');
    const audited = (await admin.send('GET', '/crud/admin/audit?action=navigation.update')).json().count;
    const res = await put(`${menuOf('en')}${query}`, {
      version: before.version,
      items: [...before.items.map(asEdit), item],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await read('en')).toEqual(before);
    expect((await admin.send('GET', '/crud/admin/audit?action=navigation.update')).json().count).toBe(audited);
    const at = `items.${before.items.length}`;
    return Object.fromEntries(
      Object.entries(res.json().fields as Record<string, string>).map(([k, v]) => [k.replace(at, '@'), v]),
    );
  }
  const item = (over: Record<string, unknown>) => ({ id: null, title: 'Page', url: '/page', children: [], ...over });

  it('a title empty, too long or with markup', async () => {
    expect(await refused(item({ title: '   ' }))).toEqual({ '@.title': 'Required' });
    expect(await refused(item({ title: 'x'.repeat(61) }))).toEqual({ '@.title': 'Must be at most 60 characters' });
    expect(await refused(item({ title: '<b>Big</b>' }))).toEqual({ '@.title': 'Use plain text, without < or >' });
    expect(await refused(item({ title: '<b>Grande</b>' }), '?test_spanish_site=1')).toEqual({
      '@.title': 'Usa texto sin formato, sin < ni >',
    });
  });

  it('an address that is neither a path of the site nor an http(s) address', async () => {
    const message = expect.stringMatching(/^Enter a path of this site/);
    for (const url of [
      'about',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'mailto:a@b.c',
      'https://',
      'https://evil.example/"onmouseover="x',
      '/a b',
      '/tab\there',
    ]) {
      expect(await refused(item({ url })), url).toEqual({ '@.url': message });
    }
    expect(await refused(item({ url: '' }))).toEqual({ '@.url': 'Required' });
    expect(await refused(item({ url: `/${'x'.repeat(500)}` }))).toEqual({ '@.url': 'Must be at most 500 characters' });
  });

  it('an item deeper than the storefront shows (a grandchild)', async () => {
    const grandchild = item({ title: 'Grandchild' });
    const fields = await refused(item({ children: [item({ title: 'Child', children: [grandchild] })] }));
    expect(fields).toEqual({ '@.children.0.children': 'The site shows one level of items under a top-level item, no deeper' });
  });

  it('an item of another language’s menu (as a parent or a child), an unknown id, an item twice (inside itself)', async () => {
    expect(await refused(item({ id: es, title: 'Contacto' }))).toEqual({
      '@.id': 'This item belongs to another language’s menu',
    });
    expect(await refused(item({ children: [item({ id: es })] }))).toEqual({
      '@.children.0.id': 'This item belongs to another language’s menu',
    });
    expect(await refused(item({ id: 2_000_000 }))).toEqual({ '@.id': 'This item is no longer in the menu; reload it' });
    const [first] = (await read('en')).items;
    const self = item({ id: first?.id, children: [item({ id: first?.id })] });
    expect(await refused(self)).toMatchObject({ '@.children.0.id': 'This item is in the menu more than once' });
  });

  it('unknown fields, a wrong version, an unknown language', async () => {
    expect(await refused(item({ icon: 'star' }))).toEqual({ '@.icon': 'Unknown field' });
    const before = await read('en');
    const noVersion = await put(menuOf('en'), { items: [] });
    expect([noVersion.statusCode, noVersion.json().fields]).toEqual([400, { version: 'Required' }]);
    for (const items of [
      'x',
      [null],
      [{ id: null, title: 'A', url: '/a', children: 'x' }],
      [{ id: 'one', title: 'A', url: '/a', children: [] }],
    ]) {
      const res = await put(menuOf('en'), { version: before.version, items });
      expect([res.statusCode, res.json().code], JSON.stringify(items)).toEqual([400, 'validation_failed']);
    }
    const stale = await put(menuOf('en'), { version: -1, items: [] });
    expect([stale.statusCode, stale.json().fields]).toEqual([400, { version: 'Must be at least 0' }]);
    const fr = await put(menuOf('fr'), { version: 0, items: [] });
    expect(fr.statusCode).toBe(400);
    expect((await admin.send('GET', menuOf('fr'))).statusCode).toBe(400);
    expect(await read('en')).toEqual(before);
  });
});

describe('who may edit the menu', () => {
  it('is admins acting as themselves only', async () => {
    const customer = await createUser(t.db, { email: 'menu-nosy@example.test' });
    const before = await read('en');
    const body = { version: before.version, items: [] };
    for (const cookie of [
      await signIn(t.db, customer.id),
      // An admin impersonating a family acts as that family.
      await signIn(t.db, customer.id, { masqueradeAdminId: adminId }),
    ]) {
      const headers = { cookie };
      expect((await t.app.inject({ method: 'GET', url: menuOf('en'), headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: menuOf('en'), headers, payload: body })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'PUT', url: menuOf('en'), payload: body })).statusCode).toBe(401);
    expect(await read('en')).toEqual(before);
  });
});
