/**
 * The grown-ups lock (decision 051): the event a refusal with 403 `grown_ups_only` raises (a child profile's
 * session asked for what is the parents'), so the page asks the family PIN instead of showing an error. The
 * shell listens (app/shell/grown-ups.tsx). In the first download: kept this small.
 */
export const GROWN_UPS_ONLY = 'storyhouse:grown-ups-only';
