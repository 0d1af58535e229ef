import type { AccountLayout } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** Spec §4 Layout: the List/Grid preference saved on the signed-in user's account. */
export const saveLayout = (layout: AccountLayout) =>
  api<{ layout: AccountLayout }>('/crud/user/layout', { method: 'POST', body: { layout } });
