import type { Track } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { useCartSkuIds } from '../cart/use-cart';
import type { QueueTrack } from '../player/player';
import { ReadAlongButton } from '../read-along/read-along';
import { PlayButton } from './play-button';
import { PriceTag } from './price-tag';
import { QueueButtons } from './queue-buttons';
import { formatDuration, type QueueContext } from './track-format';
import { useQueueTrack } from './use-queue-track';

interface TrackListProps<T extends Track> {
  tracks: T[];
  /** Groups the tracks in the player's queue (spec §4 Audio queue). */
  albumKey: string;
  /**
   * The album's digital sku when its tracks are for sale one by one; without
   * it the list is for listening only (free streaming).
   */
  albumSkuId?: number | null;
  /** Whether the product can be bought now. */
  available?: boolean;
  /** The album's product id: a track the family already owns links to it in My Library (issue 26 item 5). */
  productId?: number;
  /** The album's title and cover, for the lock screen (Media Session). */
  context?: Omit<QueueContext, 'signedIn'>;
  /** What a track offers besides playing (the library: its download link); a list for sale has its own. */
  action?: (track: T) => ReactNode;
}

/**
 * An album's tracks in order: number, title, length, and a play button
 * (full recording when the server says this listener may hear it, preview
 * otherwise). On the story page each
 * track also has its price and an add-to-cart button; once the whole album
 * is in the cart its tracks show as included (spec §4: adding the album
 * replaces its single tracks).
 */
export function TrackList<T extends Track>({
  tracks,
  albumKey,
  albumSkuId,
  available = true,
  productId,
  context,
  action,
}: TrackListProps<T>) {
  const { t } = useI18n();
  const queueTrack = useQueueTrack();
  const inCart = useCartSkuIds();
  const forSale = albumSkuId !== undefined;
  const albumInCart = albumSkuId != null && inCart.has(albumSkuId);
  // Playing a track goes on with the rest of the album (issue 41 item 3: Up next).
  const queued = tracks.map((track) => queueTrack(track, albumKey, context));

  return (
    <ol className={forSale ? 'track-list track-list--shop' : action ? 'track-list track-list--actions' : 'track-list'}>
      {tracks.map((track, i) => (
        <li key={track.sku_id} className="track">
          <PlayButton track={queued[i] as QueueTrack} album={queued} preview={!track.plays_in_full} />
          <span className="track__number" aria-hidden="true">
            {i + 1}
          </span>
          <span className="track__title">
            <span className="track__name">{track.title}</span>
            {track.is_free && !track.is_free_streaming && <span className="badge">{t('catalogue.freeToListen')}</span>}
            <QueueButtons tracks={[queued[i] as QueueTrack]} name={track.title}>
              <ReadAlongButton track={queued[i] as QueueTrack} album={queued} />
            </QueueButtons>
          </span>
          <span className="track__duration">{formatDuration(track.length_seconds)}</span>
          {!forSale && action && <span className="track__action">{action(track)}</span>}
          {forSale && (
            <>
              <span className="track__price">
                <PriceTag full={track.full_price_usd} price={track.price_usd} />
              </span>
              <span className="track__action">
                {albumInCart ? (
                  <span className="track__included">{t('catalogue.includedWithAlbum')}</span>
                ) : (
                  <AddToCartButton skuId={track.sku_id} title={track.title} disabled={!available} libraryAlbumId={productId} />
                )}
              </span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
