import type { ParentPinInput, ParentPinResponse } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT /crud/user/parent-pin: sets or resets the family PIN with the account password. */
export const setParentPin = (body: ParentPinInput) => api<ParentPinResponse>('/crud/user/parent-pin', { method: 'PUT', body });

export function useSetParentPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setParentPin,
    // "Who's listening?" lets a child be chosen once a PIN is set.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session-profiles'] }),
  });
}
