import { ContactMessageInput, ContactSentResponse, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { contactService } from './contact.service';

/** Spec §7 Forms: POST /crud/email/contact-us. */
export const contactRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const contact = contactService(app.db, { ministryEmail: config.MINISTRY_EMAIL });

  app.post(
    '/crud/email/contact-us',
    {
      config: { errors: { 429: ['rate_limited'] } },
      schema: {
        tags: ['forms'],
        summary: "Stores a contact message and e-mails it to the ministry (in the site's language, reply-to the visitor)",
        querystring: SiteQuery,
        body: ContactMessageInput,
        response: { 200: ContactSentResponse },
      },
    },
    async (request) => contact.send(request.siteLang, request.ip, request.body),
  );
};
