import type { SavedCard } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/**
 * GET /crud/stripe/customer/{userId}/card (spec §7 Payments): the signed-in
 * user's saved cards, for the payment page's choice and the settings page.
 */
const savedCardsPath = (userId: number) => `/crud/stripe/customer/${userId}/card`;
export const getSavedCards = (userId: number) => api<SavedCard[]>(savedCardsPath(userId));

/** Every saved-card key starts here: a purchase that saves a card or a deletion refreshes them all. */
export const savedCardsKey = ['payments', 'cards'] as const;

/** The payment page arrives with them (issue 27). */
export const savedCardsQuery = (userId: number) =>
  queryOptions({
    queryKey: [...savedCardsKey, userId],
    queryFn: () => getSavedCards(userId),
    ...firstData<SavedCard[]>(savedCardsPath(userId)),
  });

/** The user's saved cards; not asked before the user is known. */
export const useSavedCards = (userId: number | undefined) =>
  useQuery({ ...savedCardsQuery(userId ?? 0), enabled: userId !== undefined });
