import type { EmailChangeUndoInput, EmailChangeUndoneResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /crud/email-change/undo: the old address's link puts it back (issue 26 item 4). */
export const undoEmailChange = (input: EmailChangeUndoInput) =>
  api<EmailChangeUndoneResponse>('/crud/email-change/undo', { method: 'POST', body: input });

export const useUndoEmailChange = () => useMutation({ mutationFn: undoEmailChange });
