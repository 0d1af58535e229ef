import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, readImports, serverRules, webRules } from './check-imports.mjs';

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path → source) into a fresh temp folder and checks it. */
function check(files, rules) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return checkImports(root, rules);
}

const problems = (r) => [...r.violations.map((v) => `${v.from} → ${v.to}`), ...r.cycles.map((c) => `cycle ${c.files.join(' ')}`)];

describe('web/src layers', () => {
  it('rejects a feature importing another feature', () => {
    const r = check(
      {
        'features/cart/cart-page.tsx': "import { PriceTag } from '../catalogue/price-tag';\n",
        'features/catalogue/price-tag.tsx': 'export const PriceTag = 1;\n',
      },
      webRules,
    );
    expect(problems(r)).toEqual(['features/cart/cart-page.tsx → features/catalogue/price-tag.tsx']);
    expect(r.violations[0].message).toMatch(/feature "cart" may not import feature "catalogue"/);
  });

  it("keeps the back office's rooms apart: a room imports shared/, never another room; shared/ imports no room", () => {
    const r = check(
      {
        'features/admin/admin-app.tsx':
          "import { Orders } from './money/orders-page';\nimport { Shop } from './shop/products-page';\n",
        'features/admin/money/orders-page.tsx':
          "import { Layout } from '../shared/admin-layout';\nexport const Orders = Layout;\n",
        'features/admin/shop/products-page.tsx': "import { Orders } from '../money/orders-page';\nexport const Shop = Orders;\n",
        'features/admin/shared/admin-layout.tsx': "import { words } from '../team/words';\nexport const Layout = words;\n",
        'features/admin/team/words.ts': "import { Orders } from '../admin-app';\nexport const words = 1;\n",
      },
      webRules,
    );
    expect(r.violations.map((v) => `${v.from} → ${v.to}`).sort()).toEqual([
      'features/admin/shared/admin-layout.tsx → features/admin/team/words.ts',
      'features/admin/shop/products-page.tsx → features/admin/money/orders-page.tsx',
      'features/admin/team/words.ts → features/admin/admin-app.tsx',
    ]);
    expect(r.violations.find((v) => v.from.includes('shop/')).message).toMatch(/room "shop" .* may not import room "money"/);
  });

  it('accepts features importing components, ui and lib, and main.tsx importing anything', () => {
    const r = check(
      {
        'main.tsx': "import './styles.css';\nimport { App } from './app/app';\n",
        'styles.css': '',
        'app/app.tsx': "import { CartPage } from '../features/cart/cart-page';\nexport const App = CartPage;\n",
        'features/cart/cart-page.tsx': [
          "import { PriceTag } from '../../components/catalogue/price-tag';",
          "import { Button } from '../../ui/button';",
          "import { api } from '../../lib/api-client';",
          'export const CartPage = [PriceTag, Button, api];',
        ].join('\n'),
        'components/catalogue/price-tag.tsx': "import { money } from '../cms/money';\nexport const PriceTag = money;\n",
        'components/cms/money.ts': 'export const money = 1;\n',
        'ui/button.tsx': "import { api } from '../lib/api-client';\nexport const Button = api;\n",
        'lib/api-client.ts': 'export const api = 1;\n',
      },
      webRules,
    );
    expect(problems(r)).toEqual([]);
    expect(r.files).toBe(7);
  });

  it('rejects components importing features, and lib importing ui', () => {
    const r = check(
      {
        'components/catalogue/track-list.tsx': "import { useCart } from '../../features/cart/use-cart';\n",
        'features/cart/use-cart.ts': 'export const useCart = 1;\n',
        'lib/format.ts': "import type { Props } from '../ui/button';\n",
        'ui/button.tsx': 'export type Props = {};\n',
      },
      webRules,
    );
    expect(problems(r)).toEqual([
      'components/catalogue/track-list.tsx → features/cart/use-cart.ts',
      'lib/format.ts → ui/button.tsx',
    ]);
    expect(r.violations[0].message).toMatch(/components\/ may not import from features\//);
  });

  it('keeps the service worker (sw/) apart: it uses its own files and lib/, and nothing uses its files', () => {
    const r = check(
      {
        'sw/sw.ts':
          "import { rules } from './rules';\nimport { api } from '../lib/api-client';\nimport { Button } from '../ui/button';\n",
        'sw/rules.ts': 'export const rules = 1;\n',
        'lib/api-client.ts': 'export const api = 1;\n',
        'ui/button.tsx': 'export const Button = 1;\n',
        'app/app.tsx': "import { rules } from '../sw/rules';\n",
      },
      webRules,
    );
    expect(problems(r)).toEqual(['app/app.tsx → sw/rules.ts', 'sw/sw.ts → ui/button.tsx']);
  });

  it('rejects a two-file cycle, even within one folder', () => {
    const r = check(
      {
        'components/cms/a.ts': "import { b } from './b';\nexport const a = b;\n",
        'components/cms/b.ts': "import { a } from './a';\nexport const b = a;\n",
      },
      webRules,
    );
    expect(r.violations).toEqual([]);
    expect(r.cycles).toEqual([
      { files: ['components/cms/a.ts', 'components/cms/b.ts'], loop: ['components/cms/a.ts', 'components/cms/b.ts'] },
    ]);
  });

  it('counts a type-only cycle as a cycle', () => {
    const r = check(
      {
        'lib/a.ts': "import type { B } from './b';\nexport type A = B[];\n",
        'lib/b.ts': "import { type A } from './a';\nexport type B = A;\n",
      },
      webRules,
    );
    expect(problems(r)).toEqual(['cycle lib/a.ts lib/b.ts']);
  });

  it('reports an import that resolves to no file', () => {
    const r = check({ 'lib/a.ts': "import { b } from './missing';\n" }, webRules);
    expect(r.violations).toEqual([{ from: 'lib/a.ts', to: './missing', message: 'does not resolve to a file' }]);
  });
});

describe('server/src boundaries', () => {
  const seedTs = [
    "import { accountsSeeder } from '../modules/accounts/accounts.seed';",
    "import type { Seeder } from './seeder';",
    'export const seeders: Seeder[] = [accountsSeeder];',
  ].join('\n');

  it('accepts the seed registry importing the seeders, which name the Seeder type of db/seeder.ts', () => {
    const r = check(
      {
        'db/seed.ts': seedTs,
        'db/seeder.ts': 'export interface Seeder { name: string }\n',
        'modules/accounts/accounts.seed.ts':
          "import type { Seeder } from '../../db/seeder';\nexport const accountsSeeder: Seeder = { name: 'a' };\n",
      },
      serverRules,
    );
    expect(problems(r)).toEqual([]);
  });

  it('rejects a seeder importing from the registry, even a type', () => {
    const r = check(
      {
        'db/seed.ts': seedTs,
        'db/seeder.ts': 'export interface Seeder { name: string }\n',
        'modules/accounts/accounts.seed.ts':
          "import type { seeders } from '../../db/seed';\nexport const accountsSeeder = { name: 'a' } as (typeof seeders)[number];\n",
      },
      serverRules,
    );
    expect(problems(r)).toEqual(['cycle db/seed.ts modules/accounts/accounts.seed.ts']);
  });

  it("rejects a module using another module's repository or routes, not its service", () => {
    const r = check(
      {
        'modules/cart/cart.service.ts': [
          "import { sessionsRepository } from '../sessions/sessions.repository';",
          "import { sessionsService } from '../sessions/sessions.service';",
          "import { cartRepository } from './cart.repository';",
        ].join('\n'),
        'modules/cart/cart.repository.ts': '',
        'modules/sessions/sessions.repository.ts': '',
        'modules/sessions/sessions.service.ts': "import { sessionsRepository } from './sessions.repository';\n",
      },
      serverRules,
    );
    expect(problems(r)).toEqual(['modules/cart/cart.service.ts → modules/sessions/sessions.repository.ts']);
    expect(r.violations[0].message).toMatch(/module "cart" may not use module "sessions"'s repository/);
  });

  it('lets a test reach into what it tests, but not into a circle', () => {
    const r = check(
      {
        'modules/login/login.api.test.ts': "import { seed } from '../cart/cart.repository';\n",
        'modules/cart/cart.repository.ts': '',
        'lib/a.test.ts': "import { b } from './b';\n",
        'lib/b.ts': "import { a } from './a.test';\n",
      },
      serverRules,
    );
    expect(problems(r)).toEqual(['cycle lib/a.test.ts lib/b.ts']);
  });

  it('rejects lib/ reaching up, providers/ importing plugins/ and db/ importing modules/', () => {
    const r = check(
      {
        'lib/rate-limit.ts': "import type { Db } from '../db/database';\n",
        'db/database.ts': "import { x } from '../modules/cart/cart.service';\n",
        'providers/mail/outbox.ts': "import { AppError } from '../../plugins/errors';\n",
        'plugins/errors.ts': '',
        'modules/cart/cart.service.ts': '',
      },
      serverRules,
    );
    expect(problems(r).sort()).toEqual([
      'db/database.ts → modules/cart/cart.service.ts',
      'lib/rate-limit.ts → db/database.ts',
      'providers/mail/outbox.ts → plugins/errors.ts',
    ]);
  });
});

describe('server/src module graph', () => {
  const moduleProblems = (r) =>
    r.moduleCycles.map((c) => [c.loop.join(' → '), ...c.imports.map((i) => `${i.from}:${i.line} → ${i.to}`)]);

  it('rejects modules importing each other through files that form no circle', () => {
    const r = check(
      {
        'modules/cart/cart.service.ts':
          "import { z } from 'zod';\nimport { priceCents } from '../catalogue/pricing';\nexport const cart = [z, priceCents];\n",
        'modules/catalogue/pricing.ts': 'export const priceCents = 1;\n',
        'modules/catalogue/catalogue.service.ts':
          "import type { Cart } from '../cart/cart-types';\nexport const marks: Cart[] = [];\n",
        'modules/cart/cart-types.ts': 'export type Cart = {};\n',
      },
      serverRules,
    );
    expect(r.cycles).toEqual([]);
    expect(r.violations).toEqual([]);
    expect(moduleProblems(r)).toEqual([
      [
        'cart → catalogue',
        'modules/cart/cart.service.ts:2 → modules/catalogue/pricing.ts',
        'modules/catalogue/catalogue.service.ts:1 → modules/cart/cart-types.ts',
      ],
    ]);
  });

  it('reports one loop for a circle of three modules, and the modules it also takes in', () => {
    const r = check(
      {
        'modules/admin/admin.service.ts': "import { failures } from '../login/login.service';\nexport const admin = failures;\n",
        'modules/login/login.service.ts': "export const failures = 1;\nexport { session } from '../sessions/sessions.service';\n",
        'modules/sessions/sessions.service.ts':
          "export const session = 1;\nexport const later = () => import('../admin/admin.routes');\n",
        'modules/admin/admin.routes.ts':
          "import { admin } from './admin.service';\nimport { profile } from '../profile/profile.service';\nexport const routes = [admin, profile];\n",
        'modules/profile/profile.service.ts': "import { routes } from '../admin/admin.routes';\nexport const profile = routes;\n",
      },
      serverRules,
    );
    expect(r.moduleCycles).toHaveLength(1);
    expect(r.moduleCycles[0].modules).toEqual(['admin', 'login', 'profile', 'sessions']);
    expect(moduleProblems(r)).toEqual([
      [
        'admin → profile',
        'modules/admin/admin.routes.ts:2 → modules/profile/profile.service.ts',
        'modules/profile/profile.service.ts:1 → modules/admin/admin.routes.ts',
      ],
    ]);
  });

  it('accepts a one-way graph, modules importing lib/ and db/, and a test importing a module above its own', () => {
    const r = check(
      {
        'modules/catalogue/catalogue.service.ts':
          "import { owned } from '../entitlements/access';\nimport { inCart } from '../in-cart/in-cart';\nimport { money } from '../../lib/money';\nexport const c = [owned, inCart, money];\n",
        'modules/library/library.service.ts':
          "import { c } from '../catalogue/catalogue.service';\nimport type { Listener } from '../entitlements/access';\nexport const l: Listener[] = [c];\n",
        'modules/entitlements/access.ts':
          "import type { Db } from '../../db/database';\nexport const owned = 1;\nexport type Listener = Db;\n",
        'modules/in-cart/in-cart.ts': 'export const inCart = 1;\n',
        'modules/entitlements/access.api.test.ts': "import { l } from '../library/library.service';\n",
        'lib/money.ts': 'export const money = 1;\n',
        'db/database.ts': 'export type Db = {};\n',
      },
      serverRules,
    );
    expect(problems(r)).toEqual([]);
    expect(r.moduleCycles).toEqual([]);
  });
});

describe('readImports', () => {
  it('reads multi-line, type-only, re-export, side-effect and dynamic imports, and skips comments and strings', () => {
    const source = [
      "import type { A } from './a';",
      'import {',
      '  type B,',
      '  type C,',
      "} from './bc';",
      "import D, { type E } from './de';",
      "export type { F } from './f';",
      "export * from './g';",
      "import './h.css';",
      "// import { gone } from './commented';",
      "/* import { gone } from './block';",
      "   export * from './block2'; */",
      "const text = `import { x } from './in-template'`;",
      "const url = 'http://example.com/'; const re = /['\"]/;",
      "const Page = lazy(() => import('./page'));",
    ].join('\n');
    expect(readImports(source)).toEqual([
      { specifier: './a', typeOnly: true, line: 1 },
      { specifier: './bc', typeOnly: true, line: 2 },
      { specifier: './de', typeOnly: false, line: 6 },
      { specifier: './f', typeOnly: true, line: 7 },
      { specifier: './g', typeOnly: false, line: 8 },
      { specifier: './h.css', typeOnly: false, line: 9 },
      { specifier: './page', typeOnly: false, line: 15 },
    ]);
  });
});
