import { createHmac } from 'node:crypto';
import type { CaptchaChallenge } from '@storyhouse/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/**
 * The captcha (DESIGN.md 3: ALTCHA, self-hosted proof of work, offline and in
 * production alike). Challenges are deterministic ALTCHA v2: the server picks
 * the counter, so the work is bounded — PBKDF2 with COST iterations, tried
 * about COUNTER_MAX / workers times — about a second on a phone, a fraction
 * on a laptop. Challenges are stateless (HMAC-signed, expiring); what is
 * remembered is only which solutions were used (the caller's job).
 */
export const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 1500;
/** A challenge is good for 10 minutes: enough to fill in a form, too short to stockpile solutions. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

/** The widget's payload, decoded: the challenge as it was signed and the counter that solves it. */
const Payload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string().max(200),
      expiresAt: z.number().int(),
    }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number().int(), derivedKey: z.string().max(200) }),
});

export type CaptchaCheck =
  | { ok: true /** Unique per challenge: the key to remember it by. */; id: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'expired' | 'forged' };

function decode(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** ALTCHA challenges signed with `secret` (a random key shared by every server instance). */
export function altchaCaptcha(secret: string) {
  // A second key for the derived-key signatures, so one key never signs two kinds of data.
  const keySecret = createHmac('sha256', secret).update('altcha-key-signature').digest('hex');

  return {
    async challenge(now = Date.now()): Promise<CaptchaChallenge> {
      const { parameters, signature } = await createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
      if (!signature) throw new Error('ALTCHA challenge was not signed');
      return { parameters, signature };
    },

    /** Checks a payload's signature, expiry and solution; never throws for bad input. */
    async check(token: string): Promise<CaptchaCheck> {
      const parsed = Payload.safeParse(decode(token));
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const { challenge, solution } = parsed.data;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        });
        if (result.expired) return { ok: false, reason: 'expired' };
        if (!result.verified) return { ok: false, reason: 'forged' };
      } catch {
        // A payload shaped to make the key derivation throw (absurd cost, key length) is simply not valid.
        return { ok: false, reason: 'malformed' };
      }
      return { ok: true, id: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) };
    },
  };
}

export type AltchaCaptcha = ReturnType<typeof altchaCaptcha>;
