import { describe, expect, it } from 'vitest';
import type { NavigationRow } from './cms.repository';
import { navigationTree } from './navigation';

const row = (id: number, title: string, parent_id: number | null = null, lang_code = 'en'): NavigationRow => ({
  id,
  parent_id,
  lang_code,
  title,
  url: `/${title.toLowerCase()}`,
  position: 0,
});

describe('navigationTree', () => {
  it('nests children under their parent and keeps the order of the rows', () => {
    const tree = navigationTree([
      row(1, 'Home'),
      row(2, 'About'),
      row(3, 'Contact', 2),
      row(4, 'Story', 2),
      row(5, 'Inicio', null, 'es'),
    ]);

    expect(tree).toEqual([
      { id: 1, title: 'Home', url: '/home', lang_code: 'en', children: [] },
      {
        id: 2,
        title: 'About',
        url: '/about',
        lang_code: 'en',
        children: [
          { id: 3, title: 'Contact', url: '/contact', lang_code: 'en', children: [] },
          { id: 4, title: 'Story', url: '/story', lang_code: 'en', children: [] },
        ],
      },
      { id: 5, title: 'Inicio', url: '/inicio', lang_code: 'es', children: [] },
    ]);
  });

  it('nests a child listed before its parent', () => {
    const tree = navigationTree([row(3, 'Contact', 2), row(2, 'About')]);

    expect(tree.map((i) => [i.title, i.children.map((c) => c.title)])).toEqual([['About', ['Contact']]]);
  });

  it('nests deeper levels too', () => {
    const tree = navigationTree([row(1, 'Listen'), row(2, 'Albums', 1), row(3, 'Jonah', 2)]);

    expect(tree[0]?.children[0]?.children.map((c) => c.title)).toEqual(['Jonah']);
  });

  it('is empty for no rows', () => {
    expect(navigationTree([])).toEqual([]);
  });
});
