import {
  CaptchaChallenge,
  CaptchaChallengeQuery,
  SiteQuery,
  VerifyCaptchaBody,
  VerifyCaptchaResponse,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimit } from '../rate-limit/rate-limit';
import { captchaService } from './captcha.service';

const tags = ['captcha'];

/** Spec §5 Free MP3 and §7 Forms: the ALTCHA challenge the form's widget solves, and the server check. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = captchaService(app.db);

  app.get(
    '/crud/captcha/challenge',
    {
      schema: {
        tags,
        summary: 'A fresh ALTCHA proof-of-work challenge, signed, valid for 10 minutes',
        querystring: CaptchaChallengeQuery,
        response: { 200: CaptchaChallenge },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/crud/verify-captcha',
    {
      config: { errors: { 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: 'Checks a solved challenge: status valid once; a forged, expired or replayed one is invalid',
        querystring: SiteQuery,
        body: VerifyCaptchaBody,
        response: { 200: VerifyCaptchaResponse },
      },
    },
    async (request) => {
      // Each check may write a row: a client guessing solutions is slowed down.
      await enforceRateLimit(app.db, `captcha:${request.ip}`, { limit: 30, windowSeconds: 600 });
      return { status: await captcha.verify(request.body.captcha) };
    },
  );
};
