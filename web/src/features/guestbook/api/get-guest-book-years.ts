import type { GuestBookYears, LangCode } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { guestBookKeys } from './guest-book-keys';

/** GET /crud/guest-book/years/{lang} (spec §7): years with approved entries, newest first. */
export const getGuestBookYears = (lang: LangCode, signal?: AbortSignal) =>
  api<GuestBookYears>(`/crud/guest-book/years/${lang}`, { signal });

export const guestBookYearsQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: guestBookKeys.years(lang),
    queryFn: ({ signal }) => getGuestBookYears(lang, signal),
    staleTime: 60_000,
  });

export const useGuestBookYears = (lang: LangCode) => useQuery(guestBookYearsQuery(lang));
