import type { ResetLinkStatus } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Whether the emailed link still sets a password, and for which address; a dead link is an outcome, not a failure. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<ResetLinkStatus> {
  return apiFetch<ResetLinkStatus>(apiRoutes.auth['reset-link-status'].$path(), { body: { token }, signal });
}

/** Asked once each time the page shows a link. */
export function useResetLink(token: string) {
  return useAsync((signal) => checkResetLink(token, signal), `reset-link:${token}`);
}
