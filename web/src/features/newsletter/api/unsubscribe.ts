import type { NewsletterUnsubscribed, NewsletterUnsubscribeInput } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /crud/newsletter/unsubscribe with the e-mailed link's token (issue 30 item 5). */
export const unsubscribe = (input: NewsletterUnsubscribeInput) =>
  api<NewsletterUnsubscribed>('/crud/newsletter/unsubscribe', { method: 'POST', body: input });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
