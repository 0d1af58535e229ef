import type { ContactMessageInput, ContactSentResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendContactMessage = (message: ContactMessageInput) =>
  api<ContactSentResponse>('/crud/email/contact-us', { method: 'POST', body: message });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
