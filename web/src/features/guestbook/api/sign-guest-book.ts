import type { GuestBookEntryInput, GuestBookSubmitted } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /crud/guest-book (spec §7): the message waits for approval (201 pending). */
export const signGuestBook = (entry: GuestBookEntryInput) =>
  api<GuestBookSubmitted>('/crud/guest-book', { method: 'POST', body: entry });

export const useSignGuestBook = () => useMutation({ mutationFn: signGuestBook });
