import type {
  AdminContactMessages,
  AdminGuestBookPending,
  AdminLessonRequests,
  AdminSubscribers,
  GuestBookEditInput,
  GuestBookModerated,
  GuestBookPendingEntry,
  HandledStatus,
  LangCode,
  MarkedHandled,
  SubscriberStatus,
} from '@storyhouse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/**
 * Issue 30 item 5, moderation in the back office: the guest book's queue,
 * contact messages and lesson requests, newsletter lists. Every change reads
 * its list and the audit log again.
 */
const keys = {
  guestBook: ['admin', 'guest-book'] as const,
  messages: ['admin', 'messages'] as const,
  subscribers: ['admin', 'subscribers'] as const,
};

function useInvalidate(key: readonly string[]) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

// ─── Guest book ─────────────────────────────────────────────────────────────

/** GET /crud/admin/guest-book/pending: the waiting messages, oldest first. */
export const useGuestBookQueue = (page: number) =>
  useQuery({
    queryKey: [...keys.guestBook, page],
    queryFn: ({ signal }) => api<AdminGuestBookPending>(`/crud/admin/guest-book/pending?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** PUT /crud/admin/guest-book/{id}: a typo corrected (the server checks it as a signed guest book). */
export function useEditGuestBookEntry() {
  const done = useInvalidate(keys.guestBook);
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: GuestBookEditInput }) =>
      api<GuestBookPendingEntry>(`/crud/admin/guest-book/${id}`, { method: 'PUT', body: edit }),
    onSuccess: done,
  });
}

/** POST /crud/admin/guest-book/{id}/moderate: approve (shows) or reject (deletes). */
export function useModerateGuestBookEntry() {
  const client = useQueryClient();
  const done = useInvalidate(keys.guestBook);
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api<GuestBookModerated>(`/crud/admin/guest-book/${id}/moderate`, { method: 'POST', body: { decision } }),
    // The storefront's guest book pages show the approved message at once.
    onSettled: () => {
      done();
      void client.invalidateQueries({ queryKey: ['guest-book'] });
    },
  });
}

// ─── Contact messages and lesson requests ───────────────────────────────────

export type MessageKind = 'contact' | 'lessons';
const messagesPath = { contact: '/crud/admin/contact-messages', lessons: '/crud/admin/lesson-requests' } as const;
type MessagesOf = { contact: AdminContactMessages; lessons: AdminLessonRequests };

export const useMessages = <K extends MessageKind>(kind: K, status: HandledStatus, page: number) =>
  useQuery({
    queryKey: [...keys.messages, kind, status, page],
    queryFn: ({ signal }) => api<MessagesOf[K]>(`${messagesPath[kind]}?status=${status}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST …/{id}/handled: handled, or open again. */
export function useMarkHandled(kind: MessageKind) {
  const done = useInvalidate(keys.messages);
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api<MarkedHandled>(`${messagesPath[kind]}/${id}/handled`, { method: 'POST', body: { handled } }),
    onSettled: done,
  });
}

// ─── Newsletter ─────────────────────────────────────────────────────────────

const subscribersPath = '/crud/admin/newsletter/subscribers';

export const useSubscribers = (list: LangCode, status: SubscriberStatus, page: number) =>
  useQuery({
    queryKey: [...keys.subscribers, list, status, page],
    queryFn: ({ signal }) => api<AdminSubscribers>(`${subscribersPath}?list=${list}&status=${status}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The spreadsheet of a list's confirmed subscribers (a download; the server records it in the audit log). */
export const subscribersCsvHref = (list: LangCode) => `${subscribersPath}?list=${list}&format=csv`;
