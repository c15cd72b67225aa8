import type { SignInInput } from '@liveops/domain/auth';
import { apiFetch } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export function signIn(input: SignInInput) {
  return apiFetch<unknown>('/api/auth/sign-in/email', { body: input });
}

export function useSignIn() {
  return useAction(signIn);
}
