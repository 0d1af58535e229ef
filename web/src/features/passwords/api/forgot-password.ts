import type { ForgotPasswordInput, ForgotPasswordResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (input: ForgotPasswordInput) =>
  api<ForgotPasswordResponse>('/crud/login/forgot', { method: 'POST', body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
