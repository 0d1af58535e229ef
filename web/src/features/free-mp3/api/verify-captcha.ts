import type { VerifyCaptchaBody, VerifyCaptchaResponse } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/** POST /crud/verify-captcha (spec §7 Forms): "valid" once per solved challenge. */
export function verifyCaptcha(body: VerifyCaptchaBody): Promise<VerifyCaptchaResponse> {
  return api<VerifyCaptchaResponse>('/crud/verify-captcha', { method: 'POST', body });
}
