/** Site and content languages (spec §1: en default, es, ru). */
export const langCodes = ['en', 'es', 'ru'] as const;
export type LangCode = (typeof langCodes)[number];
export const defaultLang: LangCode = 'en';
