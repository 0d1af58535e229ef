import type { QueryClient } from '@tanstack/react-query';

/**
 * Waits (at most `maxMs`) until no API call of this page is in flight.
 * Called before a call that replaces the session cookie (login,
 * impersonation start and end): a call still carrying the old cookie would
 * otherwise come back after it, find its session gone, and clear the cookie
 * the browser has just received. `ownMutations`: the caller's own running
 * mutation (login runs inside one), not waited for.
 */
export async function whenIdle(client: QueryClient, { maxMs = 1500, ownMutations = 0 } = {}) {
  const until = Date.now() + maxMs;
  while ((client.isFetching() > 0 || client.isMutating() > ownMutations) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
