import {
  AddressBody,
  CartAddressParams,
  CartIdParams,
  CartTotal,
  ShippingBody,
  ShippingTiersQuery,
  ShippingTiersResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireUser } from '../accounts/guards';
import { addressesService } from './addresses.service';

const tags = ['cart'];

/**
 * Spec §7 Cart, issue 12 item 7: a signed-in user's cart addresses and
 * shipping method (401 for a visitor; another owner's cart id is 404). GET
 * /crud/address/me/{id} lives with the account (profile.routes.ts).
 */
export const checkoutAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = addressesService(app.db);

  app.addHook('onSend', privateNoStore);

  app.post(
    '/crud/cart/:cartId/address/:type',
    {
      config: { access: 'user', errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: "Saves the address in the user's address book and sets it as the cart's shipping or billing address",
        querystring: SiteQuery,
        params: CartAddressParams,
        body: AddressBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return addresses.setAddress(user.id, request.params.cartId, request.params.type, request.body, request.siteLang);
    },
  );

  app.get(
    '/crud/shipping-tiers/:cartId',
    {
      config: { access: 'user', errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: "The shipping methods for the cart's shipping address (or a country's), with their prices",
        querystring: ShippingTiersQuery,
        params: CartIdParams,
        response: { 200: ShippingTiersResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return addresses.tiers(user.id, request.params.cartId, request.query.country_id);
    },
  );

  app.post(
    '/crud/cart/:cartId/shipping',
    {
      config: {
        access: 'user',
        errors: { 403: ['forbidden'], 404: ['item_not_found'], 409: ['shipping_address_missing', 'shipping_priority_us_only'] },
      },
      schema: {
        tags,
        summary: 'Sets the shipping method of the cart (priority for US addresses only)',
        querystring: SiteQuery,
        params: CartIdParams,
        body: ShippingBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return addresses.setShipping(user.id, request.params.cartId, request.body, request.siteLang);
    },
  );
};
