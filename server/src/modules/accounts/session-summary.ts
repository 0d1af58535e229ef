import type { LangCode, SessionResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import { currentUser } from './current-user';

type Current = Awaited<ReturnType<typeof currentUser>>;
type Profile = Pick<NonNullable<NonNullable<Current>['profile']>, 'id' | 'nickname' | 'avatar' | 'age_band'>;

/** Spec §4 Session: whether the visitor is signed in, as GET /crud/session answers and a page embeds it. */
export async function sessionSummary(request: FastifyRequest): Promise<SessionResponse> {
  return summaryOf(await currentUser(request), request.siteLang);
}

/**
 * The session answer of a signed-in family (or a visitor: undefined), speaking for `current.profile`; a route that
 * has just changed the profile passes the new one rather than read the session again.
 */
export function summaryOf(
  current: (Omit<NonNullable<Current>, 'profile'> & { profile: Profile | undefined }) | undefined,
  siteLang: LangCode,
): SessionResponse {
  return {
    logged_in: Boolean(current),
    user_id: current?.user.id ?? null,
    is_admin: Boolean(current?.user.is_admin) && !current?.session.masquerade_admin_id && !current?.profile,
    masquerading: Boolean(current?.session.masquerade_admin_id),
    site_lang: siteLang,
    profile: current?.profile
      ? {
          id: current.profile.id,
          nickname: current.profile.nickname,
          avatar: current.profile.avatar,
          age_band: current.profile.age_band,
        }
      : null,
  };
}
