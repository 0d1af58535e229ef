import { serverPage } from './server-page';

/** Reads a cookie the server left for the page (not HttpOnly ones); in a server render, from the request (decision 015). */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const cookies = serverPage()?.cookies ?? document.cookie;
  return cookies
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

export function clearCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing a server-set flash cookie
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
