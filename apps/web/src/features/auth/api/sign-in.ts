import type { SignInInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

export function signIn(input: SignInInput) {
  return apiFetch<unknown>(apiRoutes.auth['sign-in'].email.$path(), { body: input });
}

export function useSignIn() {
  return useAction(signIn);
}
