import type { NavigationItem } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import {
  add,
  bodyOf,
  type DraftItem,
  draftOf,
  itemAbove,
  moveInto,
  moveOut,
  moveTo,
  remove,
  sameMenu,
  update,
} from './navigation-tree';

const item = (id: number, title: string, children: NavigationItem[] = []): NavigationItem => ({
  id,
  title,
  url: `/${title.toLowerCase()}`,
  lang_code: 'en',
  children,
});
const menu = draftOf([item(1, 'Home'), item(2, 'About', [item(3, 'Story'), item(4, 'Contact')]), item(5, 'Shop')]);
const keyOf = (draft: DraftItem[], title: string): string => {
  for (const i of draft) {
    if (i.title === title) return i.key;
    const child = i.children.find((c) => c.title === title);
    if (child) return child.key;
  }
  throw new Error(title);
};
const outline = (draft: DraftItem[]): unknown => draft.map((i) => (i.children.length ? [i.title, outline(i.children)] : i.title));

/** Issue 30 item 3: the changes the Site menu page makes to a menu before it is saved. */
describe('the menu being edited', () => {
  it('moves an item among its siblings only', () => {
    expect(outline(moveTo(menu, keyOf(menu, 'Shop'), 0))).toEqual(['Shop', 'Home', ['About', ['Story', 'Contact']]]);
    expect(outline(moveTo(menu, keyOf(menu, 'Contact'), 0))).toEqual(['Home', ['About', ['Contact', 'Story']], 'Shop']);
    // Past either end: nothing changes.
    expect(moveTo(menu, keyOf(menu, 'Home'), -1)).toBe(menu);
    expect(moveTo(menu, keyOf(menu, 'Contact'), 2)).toBe(menu);
  });

  it('moves a top-level item without children into the one above, and moves a child out to just after its parent', () => {
    expect(itemAbove(menu, keyOf(menu, 'Home'))).toBeUndefined();
    expect(itemAbove(menu, keyOf(menu, 'About'))).toBeUndefined();
    expect(itemAbove(menu, keyOf(menu, 'Story'))).toBeUndefined();
    expect(itemAbove(menu, keyOf(menu, 'Shop'))?.title).toBe('About');
    const indented = moveInto(menu, keyOf(menu, 'Shop'));
    expect(outline(indented)).toEqual(['Home', ['About', ['Story', 'Contact', 'Shop']]]);
    expect(outline(moveOut(indented, keyOf(indented, 'Story')))).toEqual(['Home', ['About', ['Contact', 'Shop']], 'Story']);
  });

  it('adds at the end, edits and removes (a parent with its children), and says when it is back to the saved menu', () => {
    const [added, key] = add(menu, { title: 'Partners', url: 'https://partners.example.org' });
    expect(outline(added)).toEqual(['Home', ['About', ['Story', 'Contact']], 'Shop', 'Partners']);
    expect(bodyOf(added).at(-1)).toEqual({ id: null, title: 'Partners', url: 'https://partners.example.org', children: [] });
    expect(outline(update(added, key, { title: 'Friends', url: '/friends' }))).toContain('Friends');
    expect(outline(remove(menu, keyOf(menu, 'About')))).toEqual(['Home', 'Shop']);
    expect(sameMenu(added, menu)).toBe(false);
    expect(sameMenu(remove(added, key), menu)).toBe(true);
  });

  it('sends the ids it was read with, nested as the site shows them (a deeper item under its top-level item)', () => {
    const deep = draftOf([item(1, 'About', [item(2, 'Story', [item(3, 'Chapter')])])]);
    expect(bodyOf(deep)).toEqual([
      {
        id: 1,
        title: 'About',
        url: '/about',
        children: [
          { id: 2, title: 'Story', url: '/story', children: [] },
          { id: 3, title: 'Chapter', url: '/chapter', children: [] },
        ],
      },
    ]);
  });
});
