import type { CartLine, CartTotal } from '@storyhouse/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { addManySkus, addSku } from './api/add-to-cart';
import { cartKeys } from './api/cart-keys';
import { useCartSkus } from './api/get-cart-skus';
import { useCartTotalQuery } from './api/get-cart-total';
import { removeLine } from './api/remove-from-cart';
import { setSkuQuantity } from './api/set-quantity';

/**
 * Spec §4 "in-cart flags re-synced after every change": the cart queries and
 * the catalogue's (whose skus and tracks carry isInCart) are refetched after
 * any cart change, whether it succeeded or not.
 */
function resync(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: cartKeys.all }),
    client.invalidateQueries({ queryKey: ['catalogue'] }),
  ]);
}

const emptySet: ReadonlySet<number> = new Set();

/** The sku ids in the cart (empty while loading), for Add to cart / Added buttons. */
export function useCartSkuIds(): ReadonlySet<number> {
  const { data } = useCartSkus();
  return useMemo(() => (data ? new Set(data.map((l) => l.sku_id)) : emptySet), [data]);
}

/**
 * Spec §4 Adding to cart: one add at a time for the whole app. The lock is
 * module state so two buttons on different parts of a page share it.
 */
let adding = false;
const addListeners = new Set<() => void>();
function setAdding(value: boolean) {
  adding = value;
  for (const l of addListeners) l();
}
/** A server render (decision 015) adds nothing. */
const notAdding = () => false;

function subscribeAdding(listener: () => void) {
  addListeners.add(listener);
  return () => {
    addListeners.delete(listener);
  };
}

/**
 * How an add ended: the server took it; it refused it because the family
 * already owns it (issue 26 item 5: the button says where it is) or already
 * has a plan (issue 28: one plan at a time; the button says so); or it
 * refused it otherwise, or another add was pending.
 */
export type AddOutcome = 'added' | 'owned' | 'has_plan' | 'sold_out' | 'refused';

/** The refusals an add tells the family about (spec §8 shows no message for the others). */
const toldRefusals: Record<string, AddOutcome> = {
  item_already_owned: 'owned',
  plan_already_active: 'has_plan',
  // The last copy went to another family meanwhile (decision 061); the re-sync shows it sold out.
  sold_out: 'sold_out',
  stock_short: 'sold_out',
};

/**
 * Adds skus with quantity 1. A call while another add is pending is ignored.
 * Spec §8: an add failure re-syncs the cart and releases the lock with no
 * message, so the returned promise resolves either way, to its outcome (the
 * Added toast is shown only when the server took the add).
 */
export function useAddToCart(): {
  add(skuId: number): Promise<AddOutcome>;
  addMany(skuIds: number[]): Promise<AddOutcome>;
  pending: boolean;
} {
  const client = useQueryClient();
  const pending = useSyncExternalStore(subscribeAdding, () => adding, notAdding);

  const run = useCallback(
    async (call: () => Promise<unknown>): Promise<AddOutcome> => {
      if (adding) return 'refused';
      setAdding(true);
      try {
        await call();
        return 'added';
      } catch (error) {
        // Spec §8: no message; the re-sync below shows the true cart.
        return (error instanceof ApiError && toldRefusals[error.code]) || 'refused';
      } finally {
        await resync(client);
        setAdding(false);
      }
    },
    [client],
  );

  return useMemo(
    () => ({
      add: (skuId: number) => run(() => addSku(skuId)),
      addMany: (skuIds: number[]) => run(() => (skuIds.length > 0 ? addManySkus(skuIds) : Promise.resolve())),
      pending,
    }),
    [run, pending],
  );
}

/** The cart's lines (spec §3 Cart sku line). */
export function useCartLines(): { lines: CartLine[] | undefined; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useCartSkus();
  return { lines: data, isLoading, isError };
}

/** The cart with its lines and totals (GET /crud/cart-session/total). */
export function useCartTotal(): { cart: CartTotal | undefined; isLoading: boolean; isError: boolean; refetch(): void } {
  const { data, isLoading, isError, refetch } = useCartTotalQuery();
  return { cart: data, isLoading, isError, refetch: () => void refetch() };
}

/**
 * Changing and removing lines. Both reject with the server's ApiError so the
 * cart page can alert its message (spec §8), and re-sync the cart either way.
 */
export function useCartChanges(): {
  setQuantity(skuId: number, quantity: number): Promise<void>;
  remove(line: CartLine): Promise<void>;
} {
  const client = useQueryClient();
  return useMemo(() => {
    const change = async (call: () => Promise<unknown>) => {
      try {
        await call();
      } finally {
        await resync(client);
      }
    };
    return {
      setQuantity: (skuId, quantity) => change(() => setSkuQuantity(skuId, quantity)),
      remove: (line) => change(() => removeLine(line)),
    };
  }, [client]);
}
