import { QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR_CODE } from '../shared/api/api-error.ts';

/** Retrying a 4xx only repeats the same refusal; a dropped connection deserves one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.code !== NETWORK_ERROR_CODE && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
