import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { apiFetch } from './api-client';
import { currentUserQueryKey } from './current-user';
import { betterAuthPath } from './api/better-auth-path';

/** What the sign-out page is opened with: only the Sign out button's own visit signs anyone out. */
export type SignOutState = { signOut: true; from: string };

export const isSignOutState = (state: unknown): state is SignOutState =>
  typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;

/**
 * The Sign out button: a visit of the sign-out page, so a page with unsaved changes asks first as it does for any
 * other way of leaving (its leave guard holds the navigation); only once the page is left is anyone signed out.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    const state: SignOutState = { signOut: true, from: pathname };
    void navigate(paths.signOut(), { state });
  };
}

/** The sign-out itself; then nothing of the signed-in app stays on screen: the login page, and an empty cache. */
export function useSignOutNow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch(betterAuthPath('sign-out'), { method: 'POST', body: {} }),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      await navigate(paths.login(), { replace: true });
    },
  });
}
