import { adminPageRoutes } from '@storyhouse/contracts';

/** The address of a user's page in the back office (/admin/users/:id). */
export const userHref = (id: number) => adminPageRoutes.adminUser.paths[0].replace(':id', String(id));
