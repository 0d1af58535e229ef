import type { GiftClaimResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Spec §7 POST /crud/gift-claim {hash}: the gift becomes the signed-in
 * user's (its downloads join the library, a gift card the balance). A hash
 * is good once: a second claim answers 404 gift_unavailable.
 */
export const claimGift = (hash: string) => api<GiftClaimResponse>('/crud/gift-claim', { method: 'POST', body: { hash } });

export const useClaimGift = () => useMutation({ mutationFn: claimGift });
