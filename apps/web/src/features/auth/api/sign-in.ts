import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@liveops/domain';
import { apiFetch } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export function signIn(input: SignInInput) {
  return apiFetch<unknown>('/api/auth/sign-in/email', { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
