import type { PasswordUpdatedResponse, ResetPasswordWithTokenInput } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPasswordWithToken = (input: ResetPasswordWithTokenInput) =>
  api<PasswordUpdatedResponse>('/crud/reset/password/token', { method: 'POST', body: input });

export const useResetPasswordWithToken = () => useMutation({ mutationFn: resetPasswordWithToken });
