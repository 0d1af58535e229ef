import type { Product } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { CmsHtml } from '../cms/cms-html';
import { ResponsiveImage } from './responsive-image';
import './album.css';

/**
 * An album's cover, title and description, in the album's own language
 * (a Russian story on the English site is read with Russian rules).
 * `Heading` is h1 on the story page and h2 under the "Free" or "My Library"
 * heading of a free-streaming or library album page.
 */
export function AlbumHeader({
  product,
  Heading,
  children,
}: {
  product: Pick<Product, 'title' | 'description' | 'primary_image' | 'lang_code'>;
  Heading: 'h1' | 'h2';
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="story__header">
      <ResponsiveImage
        src={product.primary_image}
        alt={t('catalogue.coverAlt', { title: product.title })}
        use="cover"
        className="story__image"
        priority={Heading === 'h1'}
      />
      <div className="story__intro">
        <Heading className="story__title" lang={product.lang_code}>
          {product.title}
        </Heading>
        {/* Rich text the back office wrote, sanitized by the server (issue 30 item 1); plain text reads as before. */}
        <div className="story__description" lang={product.lang_code}>
          <CmsHtml html={product.description} />
        </div>
        {children}
      </div>
    </div>
  );
}
