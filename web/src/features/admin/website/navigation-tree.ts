import type { AdminNavigationBody, NavigationItem } from '@storyhouse/contracts';

/**
 * The menu as the back office edits it (issue 30 item 3): top-level items,
 * each with one level of children (NAVIGATION_MAX_DEPTH, what the header
 * shows). Every item has a key of its own for the list, its id once stored.
 * Each change answers a new menu; nothing is sent until the admin saves.
 */
export interface DraftItem {
  key: string;
  id: number | null;
  title: string;
  url: string;
  children: DraftItem[];
}

let added = 0;
/** A key for an item added in this edit (no id until it is saved). */
const newKey = () => `new-${++added}`;

/** The stored menu as a draft; an item deeper than the site shows (none is saved so) joins its top-level item's children. */
export function draftOf(items: NavigationItem[]): DraftItem[] {
  const leaf = (i: NavigationItem): DraftItem => ({ key: `id-${i.id}`, id: i.id, title: i.title, url: i.url, children: [] });
  const descendants = (i: NavigationItem): NavigationItem[] => i.children.flatMap((c) => [c, ...descendants(c)]);
  return items.map((i) => ({ ...leaf(i), children: descendants(i).map(leaf) }));
}

/** The draft as the save sends it. */
export function bodyOf(draft: DraftItem[]): AdminNavigationBody['items'] {
  return draft.map((i) => ({
    id: i.id,
    title: i.title,
    url: i.url,
    children: i.children.map((c) => ({ id: c.id, title: c.title, url: c.url, children: [] })),
  }));
}

export const sameMenu = (a: DraftItem[], b: DraftItem[]) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

/** Where an item is: its parent (null at the top), its siblings and its place among them. */
export interface Place {
  parent: DraftItem | null;
  siblings: DraftItem[];
  index: number;
  item: DraftItem;
}

export function placeOf(draft: DraftItem[], key: string): Place | undefined {
  const top = draft.findIndex((i) => i.key === key);
  if (top >= 0) return { parent: null, siblings: draft, index: top, item: draft[top] as DraftItem };
  for (const parent of draft) {
    const index = parent.children.findIndex((c) => c.key === key);
    if (index >= 0) return { parent, siblings: parent.children, index, item: parent.children[index] as DraftItem };
  }
  return undefined;
}

/** The draft with the siblings of `parent` (null: the top level) replaced. */
function withSiblings(draft: DraftItem[], parent: DraftItem | null, siblings: DraftItem[]): DraftItem[] {
  return parent === null ? siblings : draft.map((i) => (i.key === parent.key ? { ...i, children: siblings } : i));
}

/** Moves an item to place `to` among its siblings (a drag's drop, a Move up or down). */
export function moveTo(draft: DraftItem[], key: string, to: number): DraftItem[] {
  const place = placeOf(draft, key);
  if (!place || to < 0 || to >= place.siblings.length || to === place.index) return draft;
  const siblings = place.siblings.filter((i) => i.key !== key);
  siblings.splice(to, 0, place.item);
  return withSiblings(draft, place.parent, siblings);
}

/** The item above a top-level item, which "Move into the item above" puts it under; none for the first, for a child, or for an item with children. */
export function itemAbove(draft: DraftItem[], key: string): DraftItem | undefined {
  const place = placeOf(draft, key);
  if (!place || place.parent !== null || place.index === 0 || place.item.children.length > 0) return undefined;
  return draft[place.index - 1];
}

/** "Move into the item above": the item becomes the last child of the item above it. */
export function moveInto(draft: DraftItem[], key: string): DraftItem[] {
  const target = itemAbove(draft, key);
  const place = placeOf(draft, key);
  if (!target || !place) return draft;
  return draft
    .filter((i) => i.key !== key)
    .map((i) => (i.key === target.key ? { ...i, children: [...i.children, place.item] } : i));
}

/** "Move out": a child becomes a top-level item, just after its former parent. */
export function moveOut(draft: DraftItem[], key: string): DraftItem[] {
  const place = placeOf(draft, key);
  if (!place?.parent) return draft;
  const parentKey = place.parent.key;
  return draft.flatMap((i) =>
    i.key === parentKey ? [{ ...i, children: i.children.filter((c) => c.key !== key) }, place.item] : [i],
  );
}

export function remove(draft: DraftItem[], key: string): DraftItem[] {
  return draft.filter((i) => i.key !== key).map((i) => ({ ...i, children: i.children.filter((c) => c.key !== key) }));
}

/** A new item at the end of the top level; answers the draft and the new item's key. */
export function add(draft: DraftItem[], item: { title: string; url: string }): [DraftItem[], string] {
  const key = newKey();
  return [[...draft, { key, id: null, ...item, children: [] }], key];
}

export function update(draft: DraftItem[], key: string, item: { title: string; url: string }): DraftItem[] {
  const change = (i: DraftItem): DraftItem => (i.key === key ? { ...i, ...item } : { ...i, children: i.children.map(change) });
  return draft.map(change);
}
