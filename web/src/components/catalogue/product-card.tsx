import type { Product, Sku } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { AgeAndLength } from './age-and-length';
import { PriceTag } from './price-tag';
import { ResponsiveImage } from './responsive-image';

/** The cheapest way to buy a product, and whether there are others ("From $7.99"); a sold-out CD or book is none. */
function lowestOffer(product: Product): { sku: Sku; from: boolean } | null {
  const all = [product.digitalAlbum, product.physicalAlbum, product.book].filter((s): s is Sku => s !== null);
  const offers = all.some((s) => !s.sold_out) ? all.filter((s) => !s.sold_out) : all;
  if (offers.length === 0) return null;
  const sku = offers.reduce((a, b) => (b.price_usd < a.price_usd ? b : a));
  return { sku, from: offers.length > 1 };
}

/** How wide a card's cover shows (catalogue.css): a 6rem column in a list; a grid has two columns on a phone. */
const coverSizes = { list: '6rem', grid: '(max-width: 30rem) 50vw, 400px' } as const;

/**
 * A product in a grid or list (`layout`, as the list around it): cover, title, lowest price (sale shown
 * against the full price) unless `withPrice` is off, language, ages and length. The title
 * is the card's one link, to the story page unless `to` says otherwise;
 * the link's hit area covers the whole card (CSS), and the cover's text
 * alternative would only repeat the title.
 */
export function ProductCard({
  product,
  to = product.url,
  withPrice = true,
  layout = 'grid',
}: {
  product: Product;
  to?: string;
  withPrice?: boolean;
  layout?: keyof typeof coverSizes;
}) {
  const { t } = useI18n();
  const offer = withPrice ? lowestOffer(product) : null;
  return (
    <li className="product-card card card--product">
      <ResponsiveImage
        src={product.primary_image}
        alt=""
        use="cover"
        sizes={coverSizes[layout]}
        className="product-card__image"
      />
      <div className="product-card__body">
        <h3 className="product-card__title" lang={product.lang_code}>
          <Link to={to} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        <p className="product-card__meta">
          {offer && <PriceTag full={offer.sku.full_price_usd} price={offer.sku.price_usd} from={offer.from} />}
          {/* The album's language named in the site's language, as My Library names it. */}
          <span className="product-card__lang">{t(`languageName.${product.lang_code}`)}</span>
          <AgeAndLength product={product} />
          {product.isBook && <span className="badge">{t('catalogue.book')}</span>}
          {[product.physicalAlbum, product.book].map(
            (sku) =>
              sku?.sold_out && (
                <span key={sku.id} className="badge badge--sold-out">
                  {t('catalogue.soldOutKind', { kind: t(`cart.type.${sku.type}`) })}
                </span>
              ),
          )}
          {product.is_free_streaming && <span className="badge">{t('catalogue.freeToListen')}</span>}
        </p>
      </div>
    </li>
  );
}
