import { libraryPaths, type Product, pageRoutes, routePath, type Sku } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AddToCartButton } from '../../components/cart/add-to-cart-button';
import { AgeAndLength } from '../../components/catalogue/age-and-length';
import { AlbumHeader } from '../../components/catalogue/album-header';
import { useProduct } from '../../components/catalogue/api/get-product';
import { PlayAlbumButton } from '../../components/catalogue/play-button';
import { PriceTag } from '../../components/catalogue/price-tag';
import { QueueButtons } from '../../components/catalogue/queue-buttons';
import { TrackList } from '../../components/catalogue/track-list';
import { storyQueue, useQueueTrack } from '../../components/catalogue/use-queue-track';
import { WithReadAlong } from '../../components/read-along/read-along';
import { useI18n } from '../../lib/i18n';
import { BackLink } from '../../ui/back-link';
import { isItemNotFound, LoadError, Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import '../../components/catalogue/catalogue.css';
import './story.css';

/** Spec §2 /story/{slug}: product details, back link, album purchase, track list. */
export default function StoryPage() {
  const { slug = '' } = useParams();
  const { t, lang } = useI18n();
  const { data: product, error, isPending, refetch } = useProduct(slug);
  const notFound = isItemNotFound(error);
  const navigate = useNavigate();
  const { search } = useLocation();
  // A renamed product answers its old slug with its current one (issue 30): the address becomes the current one.
  const canonical = product?.slug;
  useEffect(() => {
    if (canonical && canonical !== slug) {
      navigate(`${pageRoutes.story.paths[0].replace(':slug', encodeURIComponent(canonical))}${search}`, { replace: true });
    }
  }, [canonical, slug, search, navigate]);
  useDocumentTitle(product?.title ?? (notFound ? t('errors.item_not_found') : undefined));
  const shopPath = routePath('shop', lang) ?? '/';

  if (isPending) return <Loading />;
  if (notFound) {
    return (
      <article className="page page--narrow">
        <h1>{t('errors.item_not_found')}</h1>
        <p>
          <Link to={shopPath}>{t('story.goToShop')}</Link>
        </p>
      </article>
    );
  }
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;

  return (
    <article className="page story">
      <BackLink fallback={shopPath}>{t('story.back')}</BackLink>
      <AlbumHeader product={product} Heading="h1">
        {(product.age_band || product.length_minutes !== null) && (
          <p className="story__facts">
            <AgeAndLength product={product} />
          </p>
        )}
        {product.is_free_streaming && <p className="story__note">{t('story.freeStreaming')}</p>}
      </AlbumHeader>
      <PurchaseOptions product={product} />
      <Tracks product={product} />
    </article>
  );
}

const offerNames: [keyof Pick<Product, 'digitalAlbum' | 'physicalAlbum' | 'book'>, MessageKey][] = [
  ['digitalAlbum', 'catalogue.digitalAlbum'],
  ['physicalAlbum', 'catalogue.physical'],
  ['book', 'catalogue.book'],
];

/** The story's tracks as the player queues them, under the page's album key. */
const useAlbumQueue = (product: Product) => storyQueue(product, useQueueTrack());

/**
 * Spec §2: the digital album, the CD and the book, each with its full and
 * sale price. A subscriber's plan includes the digital album (issue 28 item
 * 4: the server says so): it is offered to play here and in My Library
 * rather than sold; the CD and the book still sell.
 */
function PurchaseOptions({ product }: { product: Product }) {
  const { t } = useI18n();
  const offers = offerNames.flatMap(([field, name]) => {
    const sku: Sku | null = product[field];
    return sku && !sku.is_hidden ? [{ sku, name: t(name) }] : [];
  });
  if (offers.length === 0) return null;
  return (
    <section className="story__section" aria-labelledby="story-buy">
      <h2 id="story-buy">{t('story.buy')}</h2>
      <ul className="offers">
        {offers.map(({ sku, name }) =>
          sku.type === 'digital_album' && product.included_in_plan ? (
            <IncludedOffer key={sku.id} product={product} name={name} />
          ) : (
            <li key={sku.id} className="offer card">
              <h3 className="offer__name">{name}</h3>
              <p className="offer__price">
                <PriceTag full={sku.full_price_usd} price={sku.price_usd} />
              </p>
              {sku.is_shipped_free && <p className="offer__note">{t('catalogue.shipsFree')}</p>}
              {sku.sold_out && sku.is_available && product.is_available ? (
                // A counted CD or book with none left (decision 061): said in words, nothing to add.
                <p className="offer__note offer__sold-out">{t('catalogue.soldOut')}</p>
              ) : sku.is_available && product.is_available ? (
                <AddToCartButton
                  skuId={sku.id}
                  title={name}
                  itemName={t('cart.lineName', { title: product.title, type: name })}
                  libraryAlbumId={product.id}
                />
              ) : (
                <p className="offer__note">{t('catalogue.unavailable')}</p>
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The digital album a subscriber's plan includes: Play (the whole album, in full, here) and its page in My Library. */
function IncludedOffer({ product, name }: { product: Product; name: string }) {
  const { t } = useI18n();
  const { albumKey, queue } = useAlbumQueue(product);
  return (
    <li className="offer card">
      <h3 className="offer__name">{name}</h3>
      <p className="offer__note story__note">{t('story.includedInPlan')}</p>
      <PlayAlbumButton albumKey={albumKey} tracks={queue} previews={false} label={t('story.play')} />
      <Link to={libraryPaths.album(product.id)}>{t('story.openInLibrary')}</Link>
    </li>
  );
}

function Tracks({ product }: { product: Product }) {
  const { t } = useI18n();
  const { albumKey, context, queue } = useAlbumQueue(product);
  if (product.tracks.length === 0) return null;
  return (
    <WithReadAlong albumKey={albumKey}>
      <section className="story__section" aria-labelledby="story-tracks">
        <div className="story__tracks-head">
          <h2 id="story-tracks">{t('catalogue.tracks')}</h2>
          <PlayAlbumButton albumKey={albumKey} tracks={queue} previews={!product.tracks.every((track) => track.plays_in_full)} />
          <QueueButtons tracks={queue} name={product.title} album />
        </div>
        <TrackList
          tracks={product.tracks}
          albumKey={albumKey}
          context={context}
          // The plan includes the album: its tracks are for listening, not for sale one by one.
          albumSkuId={product.included_in_plan ? undefined : (product.digitalAlbum?.id ?? null)}
          available={product.is_available}
          productId={product.id}
        />
      </section>
    </WithReadAlong>
  );
}
