import { z } from 'zod';
import { LangCode } from './lang';

/** GET /crud/session: spec §4 "Session: logged in true/false". */
export const SessionResponse = z
  .object({
    logged_in: z.boolean(),
    user_id: z.number().int().nullable(),
    is_admin: z.boolean().describe('The signed-in user is an admin (spec §6)'),
    masquerading: z.boolean().describe('An admin is impersonating this user'),
    site_lang: LangCode.describe('Language of the site this request came to'),
    profile: z
      .object({ id: z.number().int(), nickname: z.string(), avatar: z.string(), age_band: z.string() })
      .nullable()
      .describe("The child profile this session speaks for (issue 42); null: the parents'"),
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** GET /crud/user: spec §3 User, without the password. */
export const UserResponse = z
  .object({
    id: z.number().int(),
    username: z.string().describe('Same as email'),
    email: z.string(),
    fname: z.string(),
    lname: z.string(),
    fullname: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.number().int().nullable().describe('Country id'),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
    admin: z.boolean(),
    masqueradeUserId: z.number().int().nullable().describe('Admin who is impersonating, if any'),
    layout: z.enum(['list', 'grid']).describe('Library/shop layout preference (spec §4 Layout)'),
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof UserResponse>;
