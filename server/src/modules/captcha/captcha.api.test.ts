import { type CaptchaChallenge, VerifyCaptchaResponse } from '@storyhouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ALGORITHM, altchaCaptcha, CHALLENGE_TTL_SECONDS } from '../../providers/captcha/altcha';

const CHALLENGE = '/crud/captcha/challenge';
const VERIFY = '/crud/verify-captcha';

let t: TestApp;
/** Each test its own client address, so the verify rate limit of one test does not reach another. */
let clients = 0;
const nextClient = () => `10.1.0.${++clients}`;

beforeAll(async () => {
  t = await createTestApp({ webRoot: null });
});
afterAll(async () => {
  await t.close();
});

async function fetchChallenge(app = t.app): Promise<CaptchaChallenge> {
  const res = await app.inject({ method: 'GET', url: CHALLENGE });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the browser widget does: finds the counter and sends base64 JSON of the challenge and solution. */
async function solve(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function verify(captcha: unknown, remoteAddress = nextClient(), app = t.app) {
  return app.inject({ method: 'POST', url: VERIFY, payload: { captcha }, remoteAddress });
}

const statusOf = async (captcha: string, remoteAddress?: string) => {
  const res = await verify(captcha, remoteAddress);
  expect(res.statusCode).toBe(200);
  return VerifyCaptchaResponse.parse(res.json()).status;
};

describe('GET /crud/captcha/challenge', () => {
  it('answers a signed ALTCHA challenge that expires in about ten minutes and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: CHALLENGE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json() as CaptchaChallenge;
    expect(parameters.algorithm).toBe(ALGORITHM);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const now = Date.now() / 1000;
    expect(parameters.expiresAt).toBeGreaterThan(now + CHALLENGE_TTL_SECONDS - 30);
    expect(parameters.expiresAt).toBeLessThanOrEqual(now + CHALLENGE_TTL_SECONDS + 1);
    // Two challenges are never the same.
    const other = await fetchChallenge();
    expect(other.parameters.nonce).not.toBe(parameters.nonce);
  });
});

describe('POST /crud/verify-captcha', () => {
  it('is valid for a solved challenge, once: the same solution again is invalid (replay)', async () => {
    const payload = await solve(await fetchChallenge());
    expect(await statusOf(payload)).toBe('valid');
    expect(await statusOf(payload)).toBe('invalid');
    expect(await statusOf(payload, nextClient())).toBe('invalid');
  });

  it('is invalid for a wrong solution', async () => {
    const challenge = await fetchChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    // The derived key is the proof of work: one changed byte, or a guess without the work, is refused.
    const key = solution!.derivedKey;
    const flipped = `${key.slice(0, -2)}${key.endsWith('00') ? '01' : '00'}`;
    for (const derivedKey of [flipped, '00'.repeat(32)]) {
      const wrong = { counter: solution!.counter, derivedKey };
      expect(await statusOf(Buffer.from(JSON.stringify({ challenge, solution: wrong })).toString('base64'))).toBe('invalid');
    }
    expect(await statusOf(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'))).toBe('valid');
  });

  it('is invalid for a forged challenge: changed parameters, or signed with another key', async () => {
    const challenge = await fetchChallenge();
    // Stretching the expiry breaks the signature.
    const stretched = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
    };
    expect(await statusOf(await solve(stretched))).toBe('invalid');
    // A challenge made and solved by someone with their own key.
    const forger = altchaCaptcha('not-the-server-key');
    expect(await statusOf(await solve(await forger.challenge()))).toBe('invalid');
    // The genuine challenge still works afterwards (the forgeries spent nothing).
    expect(await statusOf(await solve(challenge))).toBe('valid');
  });

  it('is invalid for an expired challenge, even correctly signed and solved', async () => {
    const row = await t.db.selectFrom('app_secrets').select('value').executeTakeFirstOrThrow();
    const elevenMinutesAgo = Date.now() - 11 * 60 * 1000;
    const expired = await altchaCaptcha(row.value).challenge(elevenMinutesAgo);
    expect(await statusOf(await solve(expired))).toBe('invalid');
    // The same key with a current time is valid: only the expiry made the difference.
    expect(await statusOf(await solve(await altchaCaptcha(row.value).challenge()))).toBe('valid');
  });

  it('is invalid for payloads that are not ALTCHA solutions at all', async () => {
    for (const junk of [
      'not base64 !!',
      Buffer.from('{"challenge":1}').toString('base64'),
      Buffer.from('[]').toString('base64'),
    ]) {
      expect(await statusOf(junk)).toBe('invalid');
    }
    // An absurd cost would make a server that derived keys before checking the signature spin.
    const challenge = await fetchChallenge();
    const costly = { ...challenge, parameters: { ...challenge.parameters, cost: 2_000_000_000 } };
    const payload = Buffer.from(JSON.stringify({ challenge: costly, solution: { counter: 1, derivedKey: 'ab' } })).toString(
      'base64',
    );
    expect(await statusOf(payload)).toBe('invalid');
  });

  it('answers 400 with the localized field message when the captcha is missing', async () => {
    const res = await verify('');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ captcha: 'Please verify that you are not a robot' });

    const es = await t.app.inject({
      method: 'POST',
      url: `${VERIFY}?test_spanish_site=1`,
      payload: {},
      remoteAddress: nextClient(),
    });
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual({ captcha: 'Por favor, verifica que no eres un robot' });
  });

  it('shares its key through the database: another server instance verifies the challenge, and refuses its replay', async () => {
    const other = await createTestApp({ database: t.database, webRoot: null });
    try {
      const payload = await solve(await fetchChallenge());
      expect(VerifyCaptchaResponse.parse((await verify(payload, nextClient(), other.app)).json()).status).toBe('valid');
      expect(await statusOf(payload)).toBe('invalid');
      const secrets = await t.db.selectFrom('app_secrets').selectAll().execute();
      expect(secrets).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });

  it('limits how often one client may check (429 rate_limited)', async () => {
    const client = nextClient();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await verify('bm90IGEgY2FwdGNoYQ==', client)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
