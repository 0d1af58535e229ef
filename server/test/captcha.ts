import type { CaptchaChallenge } from '@storyhouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from './app';

/**
 * What the browser widget does for a form: fetches a challenge, finds the
 * counter and answers base64 JSON of the challenge and its solution (the
 * form's captcha value). Each call is a fresh solution, good once.
 */
export async function solvedCaptcha(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/crud/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: ${res.statusCode}`);
  const challenge = res.json() as CaptchaChallenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
