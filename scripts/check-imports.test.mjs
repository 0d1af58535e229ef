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
    'export interface Seeder { name: string }',
    'export const seeders = [accountsSeeder];',
  ].join('\n');

  it('accepts the seeders naming the Seeder type of db/seed.ts', () => {
    const r = check(
      {
        'db/seed.ts': seedTs,
        'modules/accounts/accounts.seed.ts':
          "import type { Seeder } from '../../db/seed';\nexport const accountsSeeder: Seeder = { name: 'a' };\n",
      },
      serverRules,
    );
    expect(problems(r)).toEqual([]);
  });

  it('rejects a seeder importing a value back from db/seed.ts', () => {
    const r = check(
      {
        'db/seed.ts': seedTs,
        'modules/accounts/accounts.seed.ts':
          "import { seeders } from '../../db/seed';\nexport const accountsSeeder = { name: seeders.length };\n",
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
      { specifier: './a', typeOnly: true },
      { specifier: './bc', typeOnly: true },
      { specifier: './de', typeOnly: false },
      { specifier: './f', typeOnly: true },
      { specifier: './g', typeOnly: false },
      { specifier: './h.css', typeOnly: false },
      { specifier: './page', typeOnly: false },
    ]);
  });
});
