import { createHash, randomBytes } from 'node:crypto';

/**
 * Secret tokens (session ids, password-reset links, guest-book moderation
 * links): 32 random bytes, base64url, 43 characters. Only their SHA-256 is
 * stored, so a copy of the database opens no session and no link.
 */
export const newToken = () => randomBytes(32).toString('base64url');

/** What a well-formed token looks like; anything else is refused before a lookup. */
export const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
