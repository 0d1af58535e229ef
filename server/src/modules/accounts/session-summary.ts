import type { SessionResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import { currentUser } from './current-user';

/** Spec §4 Session: whether the visitor is signed in, as GET /crud/session answers and a page embeds it. */
export async function sessionSummary(request: FastifyRequest): Promise<SessionResponse> {
  const current = await currentUser(request);
  return {
    logged_in: Boolean(current),
    user_id: current?.user.id ?? null,
    is_admin: Boolean(current?.user.is_admin) && !current?.session.masquerade_admin_id && !current?.profile,
    masquerading: Boolean(current?.session.masquerade_admin_id),
    site_lang: request.siteLang,
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
