import type { GiftCardRecord } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec §7 GET /crud/gift-card/{id}: the gift cards the user received (settings table). */
export const getGiftCards = (userId: number) => api<GiftCardRecord[]>(`/crud/gift-card/${userId}`);
export const useGiftCards = (userId: number) =>
  useQuery({ queryKey: ['gift-cards', userId], queryFn: () => getGiftCards(userId) });
