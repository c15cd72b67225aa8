import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSchema } from '@liveops/domain/accounts';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiRoutes } from '../../../lib/api/api-routes';

/** GET /api/account: how the account signs in, and on how many other devices it is signed in. */
export function getAccountSettings(signal?: AbortSignal) {
  return apiFetch(apiRoutes.account.$path(), { signal }).then((body) => AccountSchema.parse(body));
}

export const accountSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.account.settings(),
  queryFn: ({ signal }) => getAccountSettings(signal),
});

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions);
}
