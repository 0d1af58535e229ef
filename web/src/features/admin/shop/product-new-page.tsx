import { adminPath } from '@storyhouse/contracts';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BackLink } from '../../../ui/back-link';
import { AdminLayout } from '../shared/admin-layout';
import { useCreateProduct } from './api/catalogue';
import { productHref } from './catalogue-words';
import { emptyProduct, ProductForm, productBodyOf } from './product-form';
import '../../../ui/form/form.css';
import './catalogue.css';

/** Issue 30 item 1: a new product, in the site's language unless chosen; saved, it opens in its editor to add formats and tracks. */
export default function ProductNewPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const create = useCreateProduct();
  return (
    <AdminLayout
      title={t('admin.catalogue.newProduct')}
      back={<BackLink fallback={adminPath('adminProducts', lang) ?? ''}>{t('admin.catalogue.backToProducts')}</BackLink>}
    >
      <ProductForm
        initial={emptyProduct(lang)}
        submitLabel={t('admin.catalogue.create')}
        busy={create.isPending}
        save={async (values) => {
          const product = await create.mutateAsync(productBodyOf(values));
          navigate(productHref(product.id), { replace: true });
          return undefined;
        }}
      />
    </AdminLayout>
  );
}
