/**
 * Zod tries `new Function` when it builds its first object schema (to
 * compile fast parsers); our Content-Security-Policy (script-src 'self')
 * refuses it, and the browser reports the refusal as a policy violation on
 * every page with a form. The web app's forms need no compiled parsers:
 * zod is told to do without before any schema is built (imported first by
 * main.tsx; zod reads this object when it loads).
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
