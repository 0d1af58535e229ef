import type { QueryObserverLoadingErrorResult, QueryObserverRefetchErrorResult, UseQueryResult } from '@tanstack/react-query';
import { type ApiError, apiErrorOf } from './api-client';
import { peekFirstAnswer } from './first-data';

/**
 * A query whose answer the server embedded as an error (a page or product
 * that is not there: decision 014) shows that error from its first render,
 * not a loading state: the server render (decision 015) fetches nothing, so
 * this is how the not-found page arrives rendered, and the browser's first
 * render matches it. The query's own call then takes the same answer
 * (api-client.ts), so nothing changes when it settles.
 */
export function withFirstError<T>(query: UseQueryResult<T>, path: string): UseQueryResult<T> {
  if (!query.isPending) return query;
  const found = peekFirstAnswer(path);
  if (!found || found.status < 300) return query;
  const error: ApiError = apiErrorOf(found.status, found.body);
  const errored: QueryObserverRefetchErrorResult<T> | QueryObserverLoadingErrorResult<T> = {
    ...query,
    data: undefined,
    status: 'error',
    isPending: false,
    isError: true,
    isSuccess: false,
    isLoadingError: true,
    isRefetchError: false,
    isPlaceholderData: false,
    error,
  } as QueryObserverLoadingErrorResult<T>;
  return errored;
}
