import { type AdminProductStatus, type AdminSkuType, adminPageRoutes } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import type { useI18n } from '../../../lib/i18n';

type Translate = ReturnType<typeof useI18n>['t'];

const statuses: Record<AdminProductStatus, MessageKey> = {
  all: 'admin.catalogue.allStates',
  available: 'admin.catalogue.available',
  withdrawn: 'admin.catalogue.withdrawn',
};

/** What a product's skus are, as the shop names them. */
const skuKinds: Record<AdminSkuType, MessageKey> = {
  digital_album: 'catalogue.digitalAlbum',
  digital_track: 'admin.catalogue.track',
  physical: 'catalogue.physical',
  book: 'catalogue.book',
};

export const productStatusLabel = (t: Translate, status: AdminProductStatus) => t(statuses[status]);
export const skuKindLabel = (t: Translate, type: AdminSkuType) => t(skuKinds[type]);

/** A product's editor in the back office. */
export const productHref = (id: number) => adminPageRoutes.adminProduct.paths[0].replace(':id', String(id));

/** A track's transcript editor, under its product. */
export const transcriptHref = (productId: number, skuId: number) =>
  adminPageRoutes.adminTranscript.paths[0].replace(':id', String(productId)).replace(':skuId', String(skuId));
