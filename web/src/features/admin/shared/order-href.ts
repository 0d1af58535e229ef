import { adminPageRoutes } from '@storyhouse/contracts';

/** The address of an order's page in the back office (/admin/orders/:id). */
export const orderHref = (id: number) => adminPageRoutes.adminOrder.paths[0].replace(':id', String(id));
