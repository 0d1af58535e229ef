import {
  IdParam,
  NoCardBody,
  PaymentsKeyResponse,
  ProcessorId,
  SaveCardBody,
  SaveCardResponse,
  SavedCardsResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore } from '../../plugins/private-answers';
import { cardRefusals } from '../../providers/payments/payment-provider';
import { cardAttempts } from './card-attempts';
import { cardsService } from './cards.service';
import { payerOf } from './payer';

const tags = ['payments'];

/** Spec §7 Payments: the processor's key and the signed-in user's saved cards (issue 13 item 2). */
export const cardsRoutes: FastifyPluginAsyncZod<{ ministryEmail: string }> = async (app, { ministryEmail }) => {
  const cards = cardsService(app.db, app.payments, cardAttempts(app.db, { ministryEmail }));

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/stripe/token',
    {
      schema: {
        tags,
        summary: 'The publishable key of the card processor in use',
        querystring: SiteQuery,
        response: { 200: PaymentsKeyResponse },
      },
    },
    async () => cards.key(),
  );

  app.post(
    '/crud/stripe/customer/card',
    {
      config: {
        access: 'user',
        errors: {
          402: cardRefusals,
          403: ['forbidden', 'payment_not_while_masquerading'],
          429: ['payment_captcha_required', 'rate_limited'],
        },
      },
      schema: {
        tags,
        summary:
          "Adds a new card (its token) to the signed-in user's saved cards without a charge: saved, or waiting for the bank's check",
        querystring: SiteQuery,
        body: SaveCardBody,
        response: { 200: SaveCardResponse },
      },
    },
    async (request) => cards.save(await payerOf(request), request.body, request.ip),
  );

  app.post(
    '/crud/stripe/customer/card/setup/:id',
    {
      config: {
        access: 'user',
        errors: {
          402: [...cardRefusals, 'card_authentication_failed'],
          403: ['payment_not_while_masquerading'],
          404: ['payment_card_not_found'],
          429: ['payment_captcha_required'],
        },
      },
      schema: {
        tags,
        summary: "A card being added, after its bank's check (3-D Secure) in the browser: saved, still waiting, or refused",
        querystring: SiteQuery,
        params: z.strictObject({ id: ProcessorId }),
        response: { 200: SaveCardResponse },
      },
    },
    async (request) => cards.setupDone(await payerOf(request), request.params.id, request.ip),
  );

  app.post(
    '/crud/stripe/customer/no-card',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Makes the signed-in user a customer of the card processor without a card',
        querystring: SiteQuery,
        body: NoCardBody,
      },
    },
    async (request, reply) => {
      await cards.noCard(await payerOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/crud/stripe/customer/:id/card',
    {
      config: { errors: { 403: ['forbidden'] }, access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's saved cards ({id} is their user id)",
        querystring: SiteQuery,
        params: z.strictObject({ id: IdParam }),
        response: { 200: SavedCardsResponse },
      },
    },
    async (request) => cards.list(await payerOf(request), request.params.id),
  );

  app.delete(
    '/crud/stripe/customer/card/:id',
    {
      config: {
        access: 'user',
        errors: { 403: ['payment_not_while_masquerading'], 404: ['payment_card_not_found'], 409: ['card_in_use'] },
      },
      schema: {
        tags,
        summary: 'Deletes one of your saved cards',
        querystring: SiteQuery,
        params: z.strictObject({ id: ProcessorId }),
      },
    },
    async (request, reply) => {
      await cards.remove(await payerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
