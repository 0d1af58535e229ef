import { api } from '../../../lib/api-client';

/** Spec §2 Shell: logout ends the session and reloads the page; the banner shows after. */
export async function logout() {
  await api<void>('/logout');
  window.location.reload();
}
