import { libraryPaths, routePath } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { showToast } from '../../ui/toast-store';
import { useAddToCart, useCartSkuIds } from './use-cart';

/**
 * Spec §4 Adding to cart: shows Add to cart, Adding… or Added from the
 * cart's content. One add runs at a time in the whole app, so every add
 * button waits while any add is pending. `title` names the item for screen
 * readers when several buttons share a page (a track list). A waiting or
 * added button is aria-disabled rather than disabled, so the focus stays on
 * it after the click; once its own add is done, a View cart link follows it,
 * and a toast says "<itemName> added to your cart" with a View cart link of
 * its own (issue 11 item 6). `itemName` defaults to `title`. A download the
 * signed-in family already owns is refused by the server (issue 26 item 5):
 * a toast says so, with a link to the album in My Library (`libraryAlbumId`).
 */
export function AddToCartButton({
  skuId,
  title,
  itemName = title,
  disabled = false,
  libraryAlbumId,
}: {
  skuId: number;
  title?: string;
  itemName?: string;
  disabled?: boolean;
  /** The product whose page in My Library holds this item, for the link when it is already owned. */
  libraryAlbumId?: number;
}) {
  const { t, lang } = useI18n();
  const inCart = useCartSkuIds().has(skuId);
  const { add, pending } = useAddToCart();
  const [adding, setAdding] = useState(false);
  const [addedHere, setAddedHere] = useState(false);

  const state = adding ? 'adding' : inCart ? 'added' : 'add';
  const text = { add: t('catalogue.addToCart'), adding: t('catalogue.adding'), added: t('catalogue.added') }[state];
  const label =
    title === undefined
      ? undefined
      : {
          add: t('catalogue.addTrack', { title }),
          adding: t('catalogue.addingTrack', { title }),
          added: t('catalogue.addedTrack', { title }),
        }[state];
  const inactive = inCart || pending || adding;

  const onClick = async () => {
    if (inactive) return;
    setAdding(true);
    try {
      const outcome = await add(skuId);
      if (outcome === 'owned') {
        const label = itemName === undefined ? t('cart.owned.openShort') : t('cart.owned.open', { title: itemName });
        showToast({
          message: t('errors.item_already_owned'),
          link: libraryAlbumId === undefined ? undefined : { to: libraryPaths.album(libraryAlbumId), label },
        });
        return;
      }
      if (outcome === 'has_plan') {
        // One plan at a time (issue 28): the family's plan already plays every story.
        const library = routePath('library', lang);
        showToast({
          message: t('errors.plan_already_active'),
          link: library ? { to: library, label: t('cart.owned.openShort') } : undefined,
        });
        return;
      }
      if (outcome === 'sold_out') {
        showToast({ message: t('catalogue.soldOut') });
        return;
      }
      setAddedHere(true);
      const cart = routePath('cart', lang);
      if (outcome === 'added') {
        showToast({
          message: itemName === undefined ? t('catalogue.added') : t('cart.addedToast', { title: itemName }),
          link: cart ? { to: cart, label: t('catalogue.viewCart') } : undefined,
        });
      }
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={state === 'added' ? 'button button--added' : 'button'}
        aria-label={label}
        disabled={disabled}
        aria-disabled={inactive || undefined}
        onClick={onClick}
      >
        {text}
      </button>
      {addedHere && state === 'added' ? (
        <RouteLink to="cart" className="add-to-cart__view-cart">
          {t('catalogue.viewCart')}
        </RouteLink>
      ) : null}
    </>
  );
}
