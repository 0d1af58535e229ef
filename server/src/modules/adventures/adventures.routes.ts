import { AdventuresSentResponse, AdventuresSignUpInput, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { siteLink } from '../../plugins/site-lang';
import { adventuresService } from './adventures.service';

/** Spec §7 Forms: POST /crud/email/adventures-sign-up (the Bible-lessons sign-up). */
export const adventuresRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const adventures = adventuresService(app.db, { ministryEmail: config.MINISTRY_EMAIL });

  app.post(
    '/crud/email/adventures-sign-up',
    {
      config: { errors: { 429: ['rate_limited'] } },
      schema: {
        tags: ['forms'],
        summary: 'Signs a family up for the Bible lessons: stored, e-mailed to the ministry and confirmed to the family',
        querystring: SiteQuery,
        body: AdventuresSignUpInput,
        response: { 200: AdventuresSentResponse },
      },
    },
    async (request) => {
      const link = siteLink(request, config);
      return adventures.signUp(
        { lang: request.siteLang, clientIp: request.ip, siteOrigin: link.origin, siteQuery: link.query },
        request.body,
      );
    },
  );
};
