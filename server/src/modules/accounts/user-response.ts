import type { UserResponse } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import { requireUser } from './guards';

/** Spec §7 GET /crud/user: the signed-in user's account, as the route and a page's first data answer it; 401 for a visitor. */
export async function currentUserResponse(request: FastifyRequest): Promise<UserResponse> {
  const { user, session } = await requireUser(request);
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    fname: user.fname,
    lname: user.lname,
    fullname: `${user.fname} ${user.lname}`.trim(),
    address: user.address,
    city: user.city,
    country: user.country_id,
    state: user.state,
    zip: user.zip,
    phone: user.phone,
    admin: user.is_admin,
    masqueradeUserId: session.masquerade_admin_id,
    layout: user.layout as 'list' | 'grid',
  };
}
