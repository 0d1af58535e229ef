// Import boundaries (issue 10): fails when a file imports across a layer
// boundary (web: main.tsx → app → features → components → ui → lib; server:
// modules, lib, providers, db), when files import each other in a circle, or
// (issue 31) when the server's modules do, even through files that form no
// circle of their own. The server's modules import one way (decision 031),
// from top to bottom, for example:
//   admin → orders, passwords → login → cart → catalogue → entitlements, in-cart
//   admin, login → impersonation → audit → accounts → sessions
//   library → catalogue, media → entitlements
// What two modules share moves down into a module below both.
// Dependency-free: the installed TypeScript 7 has no JS compiler API, so a
// small scanner masks comments and template text, then regexes read the
// import and export-from statements. Only relative specifiers are followed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CODE = /\.(?:tsx?|mts|cts|mjs|cjs|jsx?)$/;
const TEST = /\.test\.(?:tsx?|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite']);

// ─── Reading imports ────────────────────────────────────────────────────────

const REGEX_BEFORE = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_AFTER_WORD = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/**
 * The source with comments and template-literal text replaced by spaces
 * (newlines kept), so commented-out imports and code shown in strings are
 * not read as imports. Quoted strings stay: they hold the specifiers.
 */
export function maskSource(src) {
  const out = src.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const braces = []; // for each open `${`, the brace depth at which it closes
  let depth = 0;
  let lastSignificant = '';
  let i = 0;
  const n = src.length;
  const template = () => {
    // i is just after a backtick or a closing `}` of `${`
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        blank(start, i);
        i++;
        lastSignificant = '`';
        return;
      } else if (c === '$' && src[i + 1] === '{') {
        blank(start, i);
        i += 2;
        depth++;
        braces.push(depth);
        lastSignificant = '{';
        return;
      } else i++;
    }
    blank(start, n);
  };
  while (i < n) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < n && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      lastSignificant = c;
    } else if (c === '`') {
      i++;
      template();
    } else if (c === '/' && (lastSignificant === '' || REGEX_BEFORE.has(lastSignificant) || isAfterKeyword(src, i))) {
      // A regular-expression literal: skip it so quotes inside are not strings.
      i++;
      let inClass = false;
      while (i < n && src[i] !== '\n') {
        const r = src[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      lastSignificant = '/';
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        if (braces.length > 0 && braces[braces.length - 1] === depth) {
          braces.pop();
          depth--;
          i++;
          template();
          continue;
        }
        depth--;
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out.join('');
}

function isAfterKeyword(src, i) {
  let j = i - 1;
  while (j >= 0 && /\s/.test(src[j])) j--;
  return REGEX_AFTER_WORD.test(src.slice(Math.max(0, j - 10), j + 1));
}

const STATIC_IMPORT = /(?:^|[;}])\s*import\s+(?!\()((?:type\s+)?)([^'";]*?)\s*from\s*(['"])([^'"\n]+)\3/gm;
const SIDE_EFFECT_IMPORT = /(?:^|[;}])\s*import\s*(['"])([^'"\n]+)\1/gm;
const EXPORT_FROM = /(?:^|[;}])\s*export\s+((?:type\s+)?)(\*(?:\s+as\s+[\w$]+)?|\{[^}'";]*\})\s*from\s*(['"])([^'"\n]+)\3/gm;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g;

/** True when a `{ … }` list names only `type X` specifiers (and names at least one). */
function allTypeSpecifiers(list) {
  const names = list
    .replace(/[{}]/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((s) => /^type\s/.test(s));
}

/** The imports of one file: `{ specifier, typeOnly, line }` (line from 1), in source order. */
export function readImports(src) {
  const masked = maskSource(src);
  const found = [];
  const add = (index, specifier, typeOnly) => found.push({ index, specifier, typeOnly });
  for (const m of masked.matchAll(STATIC_IMPORT)) {
    const clause = m[2].trim();
    const typeOnly = m[1] !== '' || (clause.startsWith('{') && allTypeSpecifiers(clause));
    add(m.index, m[4], typeOnly);
  }
  for (const m of masked.matchAll(SIDE_EFFECT_IMPORT)) add(m.index, m[2], false);
  for (const m of masked.matchAll(EXPORT_FROM)) {
    const typeOnly = m[1] !== '' || (m[2].startsWith('{') && allTypeSpecifiers(m[2]));
    add(m.index, m[4], typeOnly);
  }
  for (const m of masked.matchAll(DYNAMIC_IMPORT)) add(m.index, m[2], false);
  const lineStarts = [0];
  for (let i = masked.indexOf('\n'); i !== -1; i = masked.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index) => {
    // The statement's own line: the match may begin at the `;` or `}` ending the one before.
    const at = masked.slice(index).search(/[^\s;}]/) + index;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, specifier, typeOnly }) => ({ specifier, typeOnly, line: lineOf(index) }));
}

// ─── Resolving ──────────────────────────────────────────────────────────────

function listFiles(root) {
  const files = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(p);
      } else if (entry.isFile()) files.push(p);
    }
  };
  walk('');
  return files.sort();
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.d.ts', '.mjs', '.js', '.jsx', '.cjs'];

/** The file (relative to root, `/`-separated) a relative specifier names; null if none; undefined if outside root. */
function resolve(fromFile, specifier, known) {
  const bare = specifier.replace(/[?#].*$/, '');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), bare));
  if (target === '..' || target.startsWith('../')) return undefined;
  const candidates = [target];
  const jsLike = target.match(/^(.*)\.(m|c)?jsx?$/);
  if (jsLike) candidates.push(`${jsLike[1]}.ts`, `${jsLike[1]}.tsx`, `${jsLike[1]}.${jsLike[2] ?? ''}ts`);
  for (const ext of EXTENSIONS) candidates.push(target + ext);
  for (const ext of EXTENSIONS) candidates.push(`${target}/index${ext}`);
  return candidates.find((c) => known.has(c)) ?? null;
}

// ─── Checking ───────────────────────────────────────────────────────────────

/**
 * Checks every code file under `root` against `rules`:
 *   rules.check(from, to, typeOnly) → a plain-words message when the import breaks a boundary;
 *   rules.moduleOf?(file) → the module a file belongs to (null: none), for the module graph.
 * Paths are relative to root. Returns the files and imports checked, the
 * violations `{ from, to, message }`, the import cycles `{ files, loop }`
 * (every file of the circle, and one shortest loop through them) and the
 * module cycles `{ modules, loop, imports }`: modules importing each other in
 * a circle, even through files that form no circle of their own, with one
 * import `{ from, to, line }` for each step of the loop. Type-only imports
 * count everywhere: a type names the module it comes from just as a value does.
 */
export function checkImports(root, rules) {
  const all = listFiles(root);
  const known = new Set(all);
  const code = all.filter((f) => CODE.test(f));
  const graph = new Map(code.map((f) => [f, []]));
  const violations = [];
  const modules = new Map(); // module → (module it imports → the first import that does)
  let imports = 0;
  for (const from of code) {
    const seen = new Set();
    for (const { specifier, typeOnly, line } of readImports(readFileSync(path.join(root, from), 'utf8'))) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') continue;
      imports++;
      const to = resolve(from, specifier, known);
      if (to === undefined) continue; // outside the checked folder (shared test helpers, packages)
      if (to === null) {
        violations.push({ from, to: specifier, message: 'does not resolve to a file' });
        continue;
      }
      // A test may reach into what it tests (a seeder, a repository); it is still checked for circles.
      const message = TEST.test(from) ? null : rules.check(from, to, typeOnly);
      if (message) violations.push({ from, to, message });
      const key = `${to}\0${typeOnly}`;
      if (!CODE.test(to) || seen.has(key)) continue;
      seen.add(key);
      graph.get(from).push(to);
      // No file imports a test, so a test closes no circle of modules: it is left out of the module graph.
      const a = TEST.test(from) ? null : rules.moduleOf?.(from);
      const b = a ? rules.moduleOf(to) : null;
      if (a && b && a !== b) {
        if (!modules.has(a)) modules.set(a, new Map());
        if (!modules.get(a).has(b)) modules.get(a).set(b, { from, to, line });
      }
    }
  }
  return { files: code.length, imports, violations, cycles: findCycles(graph), moduleCycles: findModuleCycles(modules) };
}

/** The circles of the module graph (`module → Map(module → import)`), each with one import per step of its loop. */
function findModuleCycles(modules) {
  const graph = new Map();
  for (const [a, targets] of [...modules].sort(([x], [y]) => x.localeCompare(y))) graph.set(a, [...targets.keys()].sort());
  return findCycles(graph).map(({ files, loop }) => ({
    modules: files,
    loop,
    imports: loop.map((a, i) => modules.get(a).get(loop[(i + 1) % loop.length])),
  }));
}

/** Strongly connected components (Tarjan) of more than one file, or a file importing itself. */
export function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (v) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(shortestLoop(graph, component));
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) connect(v);
  return cycles;
}

/** The component's files (sorted) and one shortest loop through the first of them. */
function shortestLoop(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  let closing = null;
  while (queue.length > 0 && closing === null) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        closing = v;
        break;
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const loop = [];
  for (let v = closing; v !== null; v = previous.get(v)) loop.unshift(v);
  return { files: [...component].sort(), loop };
}

// ─── The rules ──────────────────────────────────────────────────────────────

const WEB_LAYERS = ['lib', 'ui', 'components', 'features', 'app'];
const WEB_ORDER = 'main.tsx, entry-server.tsx → app/ → features/ → components/ → ui/ → lib/';
/** The entry points: the browser's (main.tsx) and the server render's (entry-server.tsx, decision 015). */
const WEB_ENTRIES = new Set(['main.tsx', 'entry-server.tsx']);

function webLayer(file) {
  if (WEB_ENTRIES.has(file)) return { name: file, rank: WEB_LAYERS.length };
  const [top, second] = file.split('/');
  const rank = WEB_LAYERS.indexOf(top);
  if (rank === -1 || second === undefined) return null;
  return { name: `${top}/`, rank, part: second };
}

/**
 * A feature split into rooms (issue 44: the back office's groups, features/admin/<room>/): the feature's own top
 * files (its route table) may import any room; a room imports its own files and shared/; shared/ imports only
 * shared/. So Orders and money never reaches into Shop, and what two rooms need lives in shared/.
 */
const ROOMED_FEATURES = new Set(['admin']);
function roomRule(from, to) {
  const [fromTop, fromFeature, fromRoom, ...fromRest] = from.split('/');
  const [toTop, toFeature, toRoom, ...toRest] = to.split('/');
  if (fromTop !== 'features' || toTop !== 'features' || fromFeature !== toFeature || !ROOMED_FEATURES.has(fromFeature))
    return null;
  const fromIsTop = fromRest.length === 0 && fromRoom?.includes('.');
  const toIsTop = toRest.length === 0 && toRoom?.includes('.');
  if (fromIsTop) return null;
  if (toIsTop) return `${from} may not import ${to}: the rooms of features/${toFeature}/ sit below its route table`;
  if (fromRoom === toRoom) return null;
  if (toRoom === 'shared') return null;
  return fromRoom === 'shared'
    ? `features/${fromFeature}/shared/ may only import shared/, not the room "${toRoom}" (${to})`
    : `room "${fromRoom}" of features/${fromFeature}/ may not import room "${toRoom}" (${to}); move what they share into features/${fromFeature}/shared/`;
}

/** web/src: the worker's sw/ apart; main.tsx and entry-server.tsx → app/ → features/<x>/ → components/<domain>/ → ui/ → lib/; no feature imports another. */
export const webRules = {
  check(from, to) {
    if (WEB_ENTRIES.has(from)) return null; // the entry points sit on top and may import anything
    // The service worker (sw/, decision 034) is a program of its own: it uses its own files and lib/; nothing uses its files.
    if (to.startsWith('sw/') && !from.startsWith('sw/')) return `${from} may not import the service worker's ${to}`;
    if (from.startsWith('sw/'))
      return to.startsWith('sw/') || to.startsWith('lib/')
        ? null
        : `the service worker (sw/) may only import sw/ and lib/, not ${to}`;
    const a = webLayer(from);
    const b = webLayer(to);
    if (!a) return `${from} is outside the layers (${WEB_ORDER})`;
    if (!b) return `${to} is outside the layers (${WEB_ORDER})`;
    if (b.rank > a.rank) return `${a.name} may not import from ${b.name}, a layer above it (${WEB_ORDER})`;
    if (a.name === 'features/' && b.name === 'features/' && a.part !== b.part)
      return `feature "${a.part}" may not import feature "${b.part}"'s files; move what they share down into components/, ui/ or lib/`;
    return roomRule(from, to);
  },
};

const SEEDER = /^modules\/[^/]+\/[^/]+\.seed\.ts$/;

/**
 * server/src: modules keep repositories and routes private and import each other one way only (decision 031);
 * lib/, providers/ and db/ do not reach up.
 */
export const serverRules = {
  moduleOf: (file) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null,
  check(from, to) {
    const [fromTop, fromModule] = from.split('/');
    const [toTop, toModule] = to.split('/');
    if (fromTop === 'modules' && toTop === 'modules' && fromModule !== toModule && /\.(?:repository|routes)\.ts$/.test(to))
      return `module "${fromModule}" may not use module "${toModule}"'s ${to.endsWith('.routes.ts') ? 'routes' : 'repository'}; go through its service or another public file`;
    if (fromTop === 'lib' && ['plugins', 'modules', 'providers', 'db'].includes(toTop))
      return `lib/ is the bottom layer and may not import ${toTop}/`;
    if (fromTop === 'providers' && ['modules', 'plugins'].includes(toTop)) return `providers/ may not import ${toTop}/`;
    if (fromTop === 'db' && toTop === 'modules' && !(from === 'db/seed.ts' && SEEDER.test(to)))
      return "db/ may not import modules/ (only db/seed.ts may import the modules' *.seed.ts files)";
    return null;
  },
};

export const ruleSets = [
  { dir: 'web/src', rules: webRules },
  { dir: 'server/src', rules: serverRules },
];

// ─── Command line ───────────────────────────────────────────────────────────

function main() {
  const started = performance.now();
  const repo = path.resolve(import.meta.dirname, '..');
  let files = 0;
  let imports = 0;
  let problems = 0;
  for (const { dir, rules } of ruleSets) {
    const result = checkImports(path.join(repo, dir), rules);
    files += result.files;
    imports += result.imports;
    const at = (f) => (f.startsWith('.') ? f : `${dir}/${f}`);
    for (const v of result.violations) console.log(`${at(v.from)} → ${at(v.to)}: ${v.message}`);
    for (const { files, loop } of result.cycles) {
      const others = files.filter((f) => !loop.includes(f));
      const also = others.length > 0 ? ` (the circle also takes in ${others.map(at).join(', ')})` : '';
      console.log(`import cycle: ${[...loop, loop[0]].map(at).join(' → ')}${also}`);
    }
    for (const { modules, loop, imports } of result.moduleCycles) {
      const others = modules.filter((m) => !loop.includes(m));
      const also = others.length > 0 ? ` (the circle also takes in ${others.join(', ')})` : '';
      console.log(
        `module cycle in ${dir}: ${[...loop, loop[0]].join(' → ')}${also}; move what they share down into a module below them`,
      );
      for (const [i, { from, to, line }] of imports.entries())
        console.log(`  ${loop[i]} → ${loop[(i + 1) % loop.length]}: ${at(from)}:${line} imports ${at(to)}`);
    }
    problems += result.violations.length + result.cycles.length + result.moduleCycles.length;
  }
  const ms = Math.round(performance.now() - started);
  if (problems > 0) {
    console.log(`\n${problems} import boundary problem(s) in ${files} files (${ms} ms)`);
    process.exit(1);
  }
  console.log(`Import boundaries OK: ${files} files, ${imports} relative imports checked in web/src and server/src (${ms} ms)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
