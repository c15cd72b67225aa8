import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../config/paths';
import { apiFetch } from './api-client';
import { currentUserQueryKey } from './current-user';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      await navigate(paths.login(), { replace: true });
    },
    onError: (error) => toast.error(error.message || 'Sign out failed. Please try again.'),
  });
}
