import { type AgeBand, ageBandYears, type Product } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';
import { useI18n } from '../../lib/i18n';

/** A band's label in the site language ("Ages 3–5", "De 3 a 5 años", "3–5 лет"); none: "For everyone". */
export const ageBandLabel = (t: (key: MessageKey, values?: MessageValues) => string, band: AgeBand | null) =>
  band ? t('catalogue.ageBand', ageBandYears(band)) : t('catalogue.forEveryone');

/**
 * The ages an album is made for (when the back office set them) and its
 * length ("2 min", from its tracks: the server adds them up), as a product
 * card and the story page show them beside its other facts.
 */
export function AgeAndLength({ product }: { product: Pick<Product, 'age_band' | 'length_minutes'> }) {
  const { t } = useI18n();
  return (
    <>
      {product.age_band && <span className="badge badge--age">{ageBandLabel(t, product.age_band)}</span>}
      {product.length_minutes !== null && (
        <span className="album-length">{t('catalogue.lengthMinutes', { minutes: product.length_minutes })}</span>
      )}
    </>
  );
}
