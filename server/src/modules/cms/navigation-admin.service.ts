import type { AdminNavigationBody, AdminNavigationResponse, LangCode, NavigationEditItem } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { cmsRepository } from './cms.repository';
import type { CmsService } from './cms.service';
import { navigationTree } from './navigation';

type Admin = { id: number; email: string };
type Fields = NonNullable<ConstructorParameters<typeof AppError>[3]>;

/** How the audit log names a language's menu: "navigation es". */
export const navigationTarget = (lang: LangCode) => auditTarget('navigation', lang);

/** Each item of an edit with where it sits in the body (`items.0.children.1`), parents before their children. */
function placed(items: AdminNavigationBody['items']) {
  const out: { item: NavigationEditItem; path: string; parent: number | null; position: number; index: number }[] = [];
  items.forEach((item, i) => {
    out.push({ item, path: `items.${i}`, parent: null, position: i, index: i });
    item.children.forEach((child, j) => {
      out.push({ item: child as NavigationEditItem, path: `items.${i}.children.${j}`, parent: i, position: j, index: i });
    });
  });
  return out;
}

/**
 * Issue 30 item 3: the site navigation, one language's menu at a time, read
 * and replaced whole by admins in the back office. It is the table the
 * storefront reads (cms.repository), and a save is seen at once by this
 * instance (cms.forgetNavigation) and by the others within CMS_CACHE_MS.
 */
export function navigationAdminService(db: Db, cms: CmsService) {
  async function read(database: Db, lang: LangCode): Promise<AdminNavigationResponse> {
    const repo = cmsRepository(database);
    const [{ version, updated_at }, rows] = await Promise.all([repo.navigationVersion(lang), repo.listNavigation()]);
    return {
      lang_code: lang,
      version,
      updated_at: updated_at ? new Date(updated_at).toISOString() : null,
      items: navigationTree(rows.filter((r) => r.lang_code === lang)),
    };
  }

  return {
    menu: (lang: LangCode) => read(db, lang),

    /**
     * Replaces the language's menu with `body.items` if it is still at
     * `body.version` (409 navigation_changed when another save came first,
     * 400 for an id that is not one of this menu's items), in one
     * transaction with its audit entry.
     */
    async replace(request: FastifyRequest, admin: Admin, lang: LangCode, body: AdminNavigationBody) {
      const saved = await db.transaction().execute(async (trx) => {
        const repo = cmsRepository(trx);
        // First the version: a stale edit is told so, whatever else changed under it (ids removed meanwhile).
        if (!(await repo.claimNavigationVersion(lang, body.version))) throw new AppError('conflict', 'navigation_changed');
        const langOf = new Map((await repo.listNavigation()).map((r) => [r.id, r.lang_code]));
        const entries = placed(body.items);
        const fields: Fields = {};
        for (const { item, path } of entries) {
          if (item.id === null) continue;
          const of = langOf.get(item.id);
          if (of === undefined) fields[`${path}.id`] = { key: 'admin.navigation.error.unknownItem' };
          else if (of !== lang) fields[`${path}.id`] = { key: 'admin.navigation.error.otherLanguage' };
        }
        if (Object.keys(fields).length > 0) throw new AppError('invalid_data', 'validation_failed', {}, fields);

        // Parents come before their children in `entries`, so a new parent has its id when its children are written.
        const topIds: number[] = [];
        const kept: number[] = [];
        for (const { item, parent, position, index } of entries) {
          const values = {
            parent_id: parent === null ? null : (topIds[index] as number),
            title: item.title,
            url: item.url,
            position,
          };
          let id = item.id;
          if (id === null) id = await repo.insertNavigation({ ...values, lang_code: lang });
          else await repo.updateNavigation(id, values);
          if (parent === null) topIds[index] = id;
          kept.push(id);
        }
        // Last, so an item moved out from under a removed parent is not removed with it.
        await repo.deleteNavigationExcept(lang, kept);
        const menu = await read(trx, lang);
        await recordAdminAction(trx, request, admin, 'navigation.update', navigationTarget(lang), {
          items: kept.length,
          version: menu.version,
        });
        return menu;
      });
      cms.forgetNavigation();
      return saved;
    },
  };
}
