/** Site and content languages (spec §1: en default, es, ru). */
export const langCodes = ['en', 'es', 'ru'] as const;
export type LangCode = (typeof langCodes)[number];
export const defaultLang: LangCode = 'en';

/**
 * Values of the `test_spanish_site` query flag (spec §1) the API accepts.
 * Kept free of zod, like the codes above, so the web shell can check the
 * flag without loading the schema library.
 */
export const spanishSiteFlagValues = ['0', '1', 'true', 'false'] as const;
