/** A live session as the app sees it (docs/decisions/003-sessions.md). */
export interface SessionRow {
  id: string;
  user_id: number | null;
  /** While an admin impersonates the user: the admin's id. */
  masquerade_admin_id: number | null;
  /** The child profile the session speaks for (issue 42), set only by the server; null: the parents. */
  profile_id: number | null;
  data: Record<string, unknown>;
  last_seen_at: Date;
  expires_at: Date;
}
