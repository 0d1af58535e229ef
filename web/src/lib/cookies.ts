/** Reads a cookie the server left for the page (not HttpOnly ones). */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

export function clearCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing a server-set flash cookie
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
