import type { NewsletterConfirmInput, NewsletterConfirmResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const confirmSubscription = (input: NewsletterConfirmInput) =>
  api<NewsletterConfirmResponse>('/crud/newsletter/confirm', { method: 'POST', body: input });

export const useConfirmSubscription = () => useMutation({ mutationFn: confirmSubscription });
