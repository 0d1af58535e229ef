import type { LoginInput, LoginResponse } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whenIdle } from '../../../components/session/when-idle';
import { api } from '../../../lib/api-client';
import { dropPendingSignOut } from '../../../lib/device-session-changes';

/**
 * Spec §7 POST /crud/login: answers where to go next (spec §4 Login admin
 * rules). A sign-out made offline and not yet told to the server is dropped:
 * it must not end this new session (lib/device-session.ts).
 */
export const login = async (input: LoginInput) => {
  const answer = await api<LoginResponse>('/crud/login', { method: 'POST', body: input });
  dropPendingSignOut();
  return answer;
};

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
