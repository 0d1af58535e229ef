import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useFreeStreamingAlbums } from '../catalogue/api/get-free-streaming';
import { ProductCard } from '../catalogue/components/product-card';
import { LoadError, Loading } from '../catalogue/components/query-status';
import '../catalogue/catalogue.css';

/** Spec §2 Free streaming list: the site language's free albums, each linking to its album page. */
export default function FreeStreamingPage() {
  const { t, lang } = useI18n();
  useDocumentTitle(t('freeStreaming.title'));
  const { data, error, isPending, refetch } = useFreeStreamingAlbums(lang);

  return (
    <article className="page free-streaming">
      <h1>{t('freeStreaming.title')}</h1>
      <p className="lead">{t('freeStreaming.intro')}</p>
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p>{t('freeStreaming.empty')}</p>
      ) : (
        <ul className="product-list product-list--grid">
          {data.items.map((album) => (
            <ProductCard key={album.id} product={album} to={`/free-streaming/album/${album.id}`} withPrice={false} />
          ))}
        </ul>
      )}
    </article>
  );
}
