import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema, type User } from '@liveops/domain/accounts';
import { apiFetch } from './api-client';
import { queryKeys } from './api/query-keys';
import { apiRoutes } from './api/api-routes';

/** Under the 'account' live topic: a rename, or a sign-out elsewhere, reaches every open tab. */
export const currentUserQueryKey = queryKeys.account.currentUser();

/** GET /api/session answers 200 either way, so a signed-out visit logs no failed request. */
const SessionSchema = z.object({ user: UserSchema.nullable() });

/** Who is signed in, from GET /api/session: the user with a verified email, else null. */
export function getSession(signal?: AbortSignal): Promise<User | null> {
  return apiFetch(apiRoutes.session.$path(), { signal }).then((body) => SessionSchema.parse(body).user);
}

/** The signed-in, verified user; null when nobody is. */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getSession(signal),
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
