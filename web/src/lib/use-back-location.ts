import { safeBackLocation } from '@storyhouse/contracts';
import { useSearchParams } from 'react-router';
import { BACK_LOCATION } from './back-location';

/** The back_location of a query string: a path of this site, else the default (never another origin). */
export const readBackLocation = (params: URLSearchParams) => safeBackLocation(params.get(BACK_LOCATION));

/** The current page's back_location (see readBackLocation). */
export function useBackLocation() {
  const [params] = useSearchParams();
  return readBackLocation(params);
}
