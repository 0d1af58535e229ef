import type { LoginInput, LoginResponse } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whenIdle } from '../../../components/session/when-idle';
import { api } from '../../../lib/api-client';

/** Spec §7 POST /crud/login: answers where to go next (spec §4 Login admin rules). */
export const login = (input: LoginInput) => api<LoginResponse>('/crud/login', { method: 'POST', body: input });

export const useLogin = () => {
  const client = useQueryClient();
  return useMutation({
    // Nothing else in flight: a late answer to the old cookie must not clear the new one.
    mutationFn: async (input: LoginInput) => {
      await whenIdle(client, { ownMutations: 1 });
      return login(input);
    },
  });
};
