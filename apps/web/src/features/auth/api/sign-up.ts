import type { SignUpInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { apiRoutes } from '../../../lib/api/api-routes';

/** Creates the account and sends the verification email; no session is opened until the email is verified. */
export function signUp(input: SignUpInput) {
  return apiFetch<unknown>(apiRoutes.auth['sign-up'].email.$path(), { body: input });
}

export function useSignUp() {
  return useAction(signUp);
}
