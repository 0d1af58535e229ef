import type { AdventuresSentResponse, AdventuresSignUpInput } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const signUpForLessons = (signUp: AdventuresSignUpInput) =>
  api<AdventuresSentResponse>('/crud/email/adventures-sign-up', { method: 'POST', body: signUp });

export const useAdventuresSignUp = () => useMutation({ mutationFn: signUpForLessons });
