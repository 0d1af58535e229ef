import { ProductCard } from '../../components/catalogue/product-card';
import { CmsColumns } from '../../components/cms/cms-columns';
import type { LayoutProps } from '../../components/cms/layout-props';
import { useI18n } from '../../lib/i18n';
import { LoadError, Loading } from '../../ui/query-status';
import { useFreeStreamingAlbums } from './api/get-free-streaming';
import '../../components/catalogue/catalogue.css';

/** Spec §2 Free streaming list: the site language's free albums, each linking to its album page. */
function FreeAlbums() {
  const { t, lang } = useI18n();
  const { data, error, isPending, refetch } = useFreeStreamingAlbums(lang);
  if (isPending) return <Loading />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <p>{t('freeStreaming.empty')}</p>;
  return (
    <section aria-label={t('freeStreaming.albums')}>
      <ul className="product-list product-list--grid">
        {data.items.map((album) => (
          <ProductCard key={album.id} product={album} to={`/free-streaming/album/${album.id}`} withPrice={false} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §2 Free streaming, the CMS layout: optional intro, main content,
 * sidebar image or content, the free-streaming albums and the optional
 * newsletter.
 */
export default function FreeStreamingLayout({ page }: LayoutProps) {
  return (
    <CmsColumns page={page} sectionMenu={false}>
      <FreeAlbums />
    </CmsColumns>
  );
}
