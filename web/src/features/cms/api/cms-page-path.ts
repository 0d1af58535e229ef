/**
 * The call that reads the CMS page at a path of the site. A module of its
 * own: the first download (app/router.tsx, which preloads a page's layout by
 * its embedded answer) needs the address, not the query that loads with the
 * CMS page (get-page.ts).
 */
export const cmsPagePath = (path: string) => `/crud/content/entry/by/url?${new URLSearchParams({ url: path, swr: '1' })}`;
