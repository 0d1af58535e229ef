import type { AdminMediaItem } from '@storyhouse/contracts';
import { useDeferredValue, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { ChooserDialog } from '../shared/chooser-dialog';
import { useCoverProducts, useUseAsCover } from './api/admin-media';

/**
 * "Use as cover": the products, found by a part of their title or address,
 * to choose the one this picture becomes the cover of. The change is the
 * server's (audited as an edit of the product); what it did is said back.
 */
export function UseAsCover({ item, onDone }: { item: AdminMediaItem; onDone: (message: string) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState('');
  const deferred = useDeferredValue(search.trim());
  const products = useCoverProducts(deferred, open);
  const cover = useUseAsCover();
  const name = item.original_name;
  const found = products.data
    ? products.data.count === 0
      ? t('admin.media.cover.noMatch')
      : t('admin.media.cover.found', { count: products.data.count })
    : '';
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={t('admin.media.cover.buttonOf', { name })}
        aria-disabled={cover.isPending || undefined}
        onClick={() => {
          if (cover.isPending) return;
          setFailure('');
          setOpen(true);
        }}
      >
        {cover.isPending ? t('admin.media.cover.saving') : t('admin.media.cover.button')}
      </button>
      {failure ? (
        <p className="form-status form-status--error" role="alert">
          {failure}
        </p>
      ) : null}
      {open ? (
        <ChooserDialog
          title={t('admin.media.cover.title', { name })}
          searchLabel={t('admin.media.cover.search')}
          search={search}
          onSearch={setSearch}
          found={found}
          onClose={() => setOpen(false)}
        >
          {products.isPending ? (
            <Loading shape="block" />
          ) : products.error ? (
            <LoadError error={products.error} onRetry={() => void products.refetch()} />
          ) : (
            <ul className="chooser__list">
              {products.data.items.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    className="chooser__choice"
                    onClick={() => {
                      setOpen(false);
                      cover.mutate(
                        { productId: product.id, image: item.key },
                        {
                          onSuccess: () => onDone(t('admin.media.cover.done', { name, product: product.title })),
                          onError: (error) => setFailure(errorMessage(error)),
                        },
                      );
                    }}
                  >
                    {product.primary_image_url ? (
                      <img className="chooser__thumb" src={product.primary_image_url} alt="" loading="lazy" />
                    ) : null}
                    <span className="chooser__text">
                      <span className="chooser__name" lang={product.lang_code}>
                        {product.title}
                      </span>
                      <span className="chooser__meta">{t(`lang.${product.lang_code}`)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </ChooserDialog>
      ) : null}
    </>
  );
}
