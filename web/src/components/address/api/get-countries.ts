import type { Country, State } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Reference lists (spec §7 GET /crud/countries, /crud/states): they change only with a release. */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const getCountries = () => api<Country[]>('/crud/countries');
export const countriesQuery = () => queryOptions({ queryKey: ['countries'], queryFn: getCountries, ...forever });
export const useCountries = () => useQuery(countriesQuery());

export const getStates = () => api<State[]>('/crud/states');
export const statesQuery = () => queryOptions({ queryKey: ['states'], queryFn: getStates, ...forever });
export const useStates = () => useQuery(statesQuery());
