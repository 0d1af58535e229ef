import type { Db } from '../../db/database';
import { failureKey, LOGIN_CHALLENGE_AFTER, loginFailures } from '../login/login.service';
import { adminRepository } from './admin.repository';

/** Spec §6 Admin: the user list (impersonation is modules/impersonation). */
export function adminService(db: Db) {
  const repo = adminRepository(db);
  return {
    /** A page of users; `locked` marks an e-mail whose sign-ins need a captcha after repeated failed logins. */
    async users(page: number, perPage: number, search: string) {
      const { rows, count } = await repo.listUsers(page, perPage, search);
      const failures = await loginFailures(db).counts(rows.map((u) => failureKey(u.email)));
      const items = rows.map((u) => ({
        id: u.id,
        email: u.email,
        fullname: `${u.fname} ${u.lname}`.trim(),
        is_admin: u.is_admin,
        locked: (failures.get(failureKey(u.email)) ?? 0) >= LOGIN_CHALLENGE_AFTER,
        sign_in_locked: u.sign_in_locked_at !== null,
      }));
      return { items, count };
    },
  };
}
