import type { Db } from '../../db/database';
import { type AltchaCaptcha, altchaCaptcha } from '../../providers/captcha/altcha';
import { captchaRepository } from './captcha.repository';

const SECRET_NAME = 'altcha_hmac_key';

/** Issues captcha challenges and checks solutions, each solution good for one use (spec §5 Free MP3). */
export function captchaService(db: Db) {
  const repo = captchaRepository(db);
  // The key never changes once stored: read it once per instance.
  let provider: Promise<AltchaCaptcha> | undefined;
  const captcha = () => {
    provider ??= repo.secret(SECRET_NAME).then(altchaCaptcha);
    provider.catch(() => {
      provider = undefined;
    });
    return provider;
  };

  return {
    async challenge() {
      return (await captcha()).challenge();
    },

    /** "valid" once per solved, unexpired challenge of ours; "invalid" for a forged, expired or replayed one. */
    async verify(token: string): Promise<'valid' | 'invalid'> {
      const check = await (await captcha()).check(token);
      if (!check.ok) return 'invalid';
      return (await repo.spend(check.id, check.expiresAt)) ? 'valid' : 'invalid';
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
