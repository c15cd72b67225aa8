import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserSchema, type User } from '@liveops/domain';
import { ApiError, apiFetch } from './api-client';

export const currentUserQueryKey = ['current-user'] as const;

/** The signed-in, verified user; null when nobody is (a 401 or 403 is an answer, not an error). */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return UserSchema.parse(await apiFetch('/api/me', { signal }));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: (failures) => failures < 30,
  retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** For pages behind the guard: the user the guard has already loaded. */
export function useSignedInUser(): User {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser is only for pages behind the authentication guard');
  return data;
}
