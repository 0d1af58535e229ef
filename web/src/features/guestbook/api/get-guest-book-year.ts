import type { GuestBookYearEntries, LangCode } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { guestBookKeys } from './guest-book-keys';

/** GET /crud/guest-book/year/{year}/{lang} (spec §7): the approved entries of a year, newest first. */
export const getGuestBookYear = (lang: LangCode, year: number, signal?: AbortSignal) =>
  api<GuestBookYearEntries>(`/crud/guest-book/year/${year}/${lang}`, { signal });

export const guestBookYearQuery = (lang: LangCode, year: number) =>
  queryOptions({
    queryKey: guestBookKeys.year(lang, year),
    queryFn: ({ signal }) => getGuestBookYear(lang, year, signal),
    staleTime: 60_000,
  });

/** `year` undefined: no year to show yet (the years are loading, or there are none). */
export const useGuestBookYear = (lang: LangCode, year: number | undefined) =>
  useQuery({ ...guestBookYearQuery(lang, year ?? 0), enabled: year !== undefined });
