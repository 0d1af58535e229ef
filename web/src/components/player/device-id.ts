/**
 * This browser's name for the places it saves (a random id, kept in
 * localStorage): the server records which device heard each place, so a
 * "my place jumped back" report can be traced. It names the browser, not
 * the family: it stays when they sign out. None where storage is blocked.
 */
const DEVICE_KEY = 'storyhouse-device';

let id: string | null | undefined;

export function deviceId(): string | null {
  if (id !== undefined) return id;
  try {
    id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
  } catch {
    id = null;
  }
  return id;
}
