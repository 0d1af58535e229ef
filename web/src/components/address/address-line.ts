import type { AddressBody } from '@storyhouse/contracts';

type Place = Pick<AddressBody, 'line1' | 'city' | 'state' | 'postal_code'>;

/**
 * An address on one line as a family reads it on an envelope (issue 46):
 * "1 Main St, Springfield, IL 62701", and the country after it when it is
 * not the United States (`country`: its name in the site's language).
 */
export function addressLine(address: Place, country?: string | null) {
  const place = [address.line1, address.city, `${address.state} ${address.postal_code}`.trim()].join(', ');
  return country ? `${place}, ${country}` : place;
}
