import { type AdminProduct, adminPath } from '@storyhouse/contracts';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { FormFailure } from '../../../ui/form/submit';
import { isItemNotFound, LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { Fact } from '../shared/facts';
import { useAdminProduct, useUpdateProduct, useWithdrawProduct } from './api/catalogue';
import { ProductForm, productBodyOf, productValuesOf } from './product-form';
import { type Editing, ProductFormats, ProductTracks } from './product-skus';
import '../../../ui/form/form.css';
import './catalogue.css';

/**
 * Issue 30 item 1: a product's editor. Its fields, its formats (digital
 * album, CD, book) and its tracks, each saved on its own; all of them send
 * the updated_at the page holds, so an edit made meanwhile by someone else
 * is never overwritten: the page says so and offers the latest version.
 * Withdrawing asks first; a withdrawn product is never deleted.
 */
export default function ProductPage() {
  const { id = '' } = useParams();
  const { t, lang } = useI18n();
  const productId = Number(id);
  const query = useAdminProduct(productId);
  // The version this page edits: set once read, moved by each of its own saves, replaced only when the admin asks.
  const [base, setBase] = useState<AdminProduct>();
  const [generation, setGeneration] = useState(0);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (query.data && (!base || base.id !== query.data.id)) setBase(query.data);
  }, [query.data, base]);

  const back = <BackLink fallback={adminPath('adminProducts', lang) ?? ''}>{t('admin.catalogue.backToProducts')}</BackLink>;
  if (query.isPending || (query.data && !base)) {
    return (
      <AdminLayout title={t('admin.catalogue.loading')} back={back}>
        <Loading shape="block" />
      </AdminLayout>
    );
  }
  if (!base) {
    const notFound = isItemNotFound(query.error);
    return (
      <AdminLayout title={notFound ? t('admin.catalogue.notFound') : t('admin.catalogue.loading')} back={back}>
        {notFound ? null : <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      </AdminLayout>
    );
  }

  const editing: Editing = {
    product: base,
    saved: (product) => setBase(product),
    conflict: () => setStale(true),
  };
  const loadLatest = async () => {
    const fresh = await query.refetch();
    if (!fresh.data) return;
    setBase(fresh.data);
    setGeneration((g) => g + 1);
    setStale(false);
  };

  return (
    <AdminLayout title={base.title} back={back}>
      {stale ? (
        <div className="admin-catalogue__stale card" role="alert">
          <p>{t('errors.product_changed')}</p>
          <button type="button" className="button" onClick={() => void loadLatest()}>
            {t('admin.catalogue.loadLatest')}
          </button>
        </div>
      ) : null}
      <ProductFacts product={base} />
      <div key={`${base.id}-${generation}`} className="admin-catalogue__parts">
        <ProductFields editing={editing} />
        <Withdraw editing={editing} />
        <ProductFormats editing={editing} />
        <ProductTracks editing={editing} />
      </div>
    </AdminLayout>
  );
}

function ProductFacts({ product }: { product: AdminProduct }) {
  const { t } = useI18n();
  return (
    <dl className="admin-facts admin-catalogue__facts">
      <Fact term={t('admin.catalogue.state')}>
        {product.is_available ? t('admin.catalogue.available') : t('admin.catalogue.withdrawn')}
      </Fact>
      <Fact term={t('admin.catalogue.albumLength')}>
        {product.length_minutes === null
          ? t('admin.catalogue.noLength')
          : t('catalogue.lengthMinutes', { minutes: product.length_minutes })}
      </Fact>
      <Fact term={t('admin.catalogue.inShop')}>
        <Link to={`/story/${encodeURIComponent(product.slug)}`}>{`/story/${product.slug}`}</Link>
      </Fact>
      {product.old_slugs.length > 0 ? <Fact term={t('admin.catalogue.oldSlugs')}>{product.old_slugs.join(', ')}</Fact> : null}
      {product.in_orders ? <Fact term={t('admin.catalogue.orders')}>{t('admin.catalogue.inOrders')}</Fact> : null}
    </dl>
  );
}

/** The product's own fields; its bar says when they were saved. */
function ProductFields({ editing }: { editing: Editing }) {
  const { t } = useI18n();
  const id = useId();
  const update = useUpdateProduct(editing.product.id);
  return (
    <section className="admin-part card" aria-labelledby={id}>
      <h2 id={id}>{t('admin.catalogue.details')}</h2>
      <ProductForm
        initial={productValuesOf(editing.product)}
        savedAt={editing.product.updated_at}
        submitLabel={t('admin.catalogue.save')}
        busy={update.isPending}
        onConflict={editing.conflict}
        save={async (values) => {
          const product = await update.mutateAsync({ ...productBodyOf(values), updated_at: editing.product.updated_at });
          editing.saved(product);
          return productValuesOf(product);
        }}
      />
    </section>
  );
}

/**
 * Withdraw: asks first, saying what it does. The product stays (an order
 * may hold it); families who bought it keep it. A withdrawn product is put
 * back on sale from its details ("On sale").
 */
function Withdraw({ editing }: { editing: Editing }) {
  const { t } = useI18n();
  const id = useId();
  const errorMessage = useErrorMessage();
  const withdraw = useWithdrawProduct(editing.product.id);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { product } = editing;
  if (!product.is_available) {
    return (
      <section className="admin-part admin-part--action card" aria-labelledby={id}>
        <h2 id={id}>{t('admin.catalogue.withdrawn')}</h2>
        <p>{t('admin.catalogue.withdrawnText')}</p>
      </section>
    );
  }
  const confirm = () => {
    setAsking(false);
    setFailure(undefined);
    withdraw.mutate(product.updated_at, {
      onSuccess: editing.saved,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'product_changed') editing.conflict();
        setFailure(errorMessage(error));
      },
    });
  };
  return (
    <section className="admin-part admin-part--action card" aria-labelledby={id}>
      <h2 id={id}>{t('admin.catalogue.withdrawTitle')}</h2>
      <p>{t('admin.catalogue.withdrawText')}</p>
      <FormFailure message={failure} />
      <button
        type="button"
        className="button button--danger"
        aria-disabled={withdraw.isPending || undefined}
        onClick={() => setAsking(true)}
      >
        {t('admin.catalogue.withdraw')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('admin.catalogue.withdrawConfirmTitle', { title: product.title })}
        confirmLabel={t('admin.catalogue.withdraw')}
        cancelLabel={t('admin.catalogue.cancel')}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('admin.catalogue.withdrawConfirm')}</p>
        {product.in_orders ? <p>{t('admin.catalogue.withdrawKept')}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
