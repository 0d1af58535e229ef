import type { AdminShopTitle } from '@storyhouse/contracts';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { AdminPart } from '../shared/admin-part';
import { useAdminShopTitles, useRetitleSku } from './api/shop-titles';
import { TitlesForm } from './title-fields';
import '../../../ui/form/form.css';
import './shop.css';

/**
 * Decision 038, Plans and funds: the plans, the donation funds and the gift
 * card are sold on every site, so each has a title per language, which
 * families read in the cart, My subscription and their receipts. One form
 * each: English required, a language left empty shows English.
 */
export default function ShopTitlesPage() {
  const { t } = useI18n();
  const { data, error, isPending, refetch } = useAdminShopTitles();
  return (
    <AdminLayout title={t('admin.shopTitles.title')}>
      <p>{t('admin.shopTitles.intro')}</p>
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        data.items.map((item) => <ShopTitle key={item.sku_id} item={item} />)
      )}
    </AdminLayout>
  );
}

function ShopTitle({ item }: { item: AdminShopTitle }) {
  const { t } = useI18n();
  const kind = t(`admin.shopTitles.kind.${item.type}`);
  const label = t('admin.shopTitles.formLabel', { kind, title: item.title });
  return (
    <AdminPart title={label}>
      <TitlesForm
        label={label}
        legend={`${kind} (${item.code})`}
        titles={item.titles}
        save={useRetitleSku(item.sku_id)}
        saved={(saved) => t('admin.shopTitles.saved', { name: saved.title })}
      />
    </AdminPart>
  );
}
