import { z } from 'zod';
import { SiteQuery } from './common';
import { text } from './text-fields';

/**
 * An ALTCHA proof-of-work challenge (DESIGN.md: self-hosted ALTCHA, protocol
 * v2), HMAC-signed by the server. Every field is part of what is signed, so
 * the client must send it back exactly as received.
 */
export const CaptchaChallenge = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      /** Unix seconds after which a solution is refused. */
      expiresAt: z.number().int().optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/** The solved challenge a form carries: base64 of `{ challenge, solution }` (the ALTCHA widget's payload). */
export const CaptchaToken = text({ error: 'captcha.required' })
  .trim()
  .min(1, { error: 'captcha.required' })
  .max(4000, { error: 'captcha.required' })
  .describe('The ALTCHA payload (base64 JSON of the challenge and its solution)');

/** POST /crud/verify-captcha (spec §7 Forms). */
export const VerifyCaptchaBody = z.strictObject({ captcha: CaptchaToken });
export type VerifyCaptchaBody = z.infer<typeof VerifyCaptchaBody>;

/**
 * Spec §5 Free MP3: the check must answer status "valid". A forged, expired or
 * already used solution answers "invalid" (still 200: the form shows its own message).
 */
export const VerifyCaptchaResponse = z.object({ status: z.enum(['valid', 'invalid']) }).meta({ id: 'VerifyCaptcha' });
export type VerifyCaptchaResponse = z.infer<typeof VerifyCaptchaResponse>;

export const CaptchaChallengeQuery = SiteQuery;
