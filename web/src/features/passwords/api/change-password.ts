import type { ChangePasswordInput, PasswordUpdatedResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  api<PasswordUpdatedResponse>('/crud/reset/password', { method: 'POST', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
