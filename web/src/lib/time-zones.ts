/** This device's own time zone: what a form offers before the family chose one. */
export const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones the browser knows, with `zone` among them (a browser may not list one it knows, like UTC). */
export function zonesWith(zone: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(zone) ? zones : [zone, ...zones].sort();
}
