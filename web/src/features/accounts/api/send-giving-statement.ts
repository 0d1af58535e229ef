import type { GivingStatementBody, GivingStatementResponse } from '@storyhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Issue 28 item 5: POST /crud/giving-statement {year}, the signed-in donor's
 * gifts of that calendar year e-mailed to their own address; a year without
 * gifts is refused (giving_statement_empty, worded by the server).
 */
export const sendGivingStatement = (body: GivingStatementBody) =>
  api<GivingStatementResponse>('/crud/giving-statement', { method: 'POST', body });

export const useSendGivingStatement = () => useMutation({ mutationFn: sendGivingStatement });
