import type { LangCode } from '@storyhouse/contracts';

/** Query keys of the guest book; every key starts with ['guest-book']. */
export const guestBookKeys = {
  all: ['guest-book'] as const,
  years: (lang: LangCode) => ['guest-book', 'years', lang] as const,
  year: (lang: LangCode, year: number) => ['guest-book', 'year', lang, year] as const,
  pending: (id: number, token: string) => ['guest-book', 'pending', id, token] as const,
};
