import type { LangCode, NavigationItem } from '@storyhouse/contracts';
import type { NavigationRow } from './cms.repository';

/** Builds the navigation tree (children under their parent, in position order). */
export function navigationTree(rows: NavigationRow[]): NavigationItem[] {
  const byId = new Map<number, NavigationItem>();
  for (const r of rows) {
    byId.set(r.id, { id: r.id, title: r.title, url: r.url, lang_code: r.lang_code as LangCode, children: [] });
  }
  const roots: NavigationItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id) as NavigationItem;
    const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
