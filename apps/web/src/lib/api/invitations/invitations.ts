import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { InvitationViewSchema, MyInvitationSchema, studioRoleSchema } from '@liveops/domain/teams';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';
import { queryKeys } from '../query-keys';

const AcceptedSchema = z.object({ studioId: z.string(), studioName: z.string(), role: studioRoleSchema });

/** GET /api/invitations: the open invitations to the signed-in person's address, which the dashboard offers. */
export function useMyInvitations() {
  return useQuery({
    queryKey: queryKeys.account.myInvitations(),
    queryFn: ({ signal }) =>
      apiFetch(apiRoutes.invitations.$path(), { signal }).then((body) => MyInvitationSchema.array().parse(body)),
  });
}

/** GET /api/invitations/:id: what the emailed link shows, signed in or not. */
export function useInvitation(invitationId: string) {
  return useQuery({
    queryKey: queryKeys.account.invitation(invitationId),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(apiRoutes.invitations[':invitationId'], { invitationId }), { signal }).then((body) =>
        InvitationViewSchema.parse(body),
      ),
  });
}

/**
 * Accepting makes the invited studio the one this session shows: everything on screen belonged to the one before,
 * so all of it is read anew. `onAccepted` runs first (the invitation's page goes on to the dashboard).
 */
export function useAcceptInvitation({ onAccepted }: { onAccepted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiFetch(apiPath(apiRoutes.invitations[':invitationId'].accept, { invitationId }), { method: 'POST' }).then(
        (body) => AcceptedSchema.parse(body),
      ),
    // Before the refetch: the invitation's page reads "already accepted" once refetched, and a callback given to
    // mutate() would not run after the page that gave it is gone.
    onSuccess: () => {
      onAccepted?.();
      return queryClient.invalidateQueries();
    },
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiFetch(apiPath(apiRoutes.invitations[':invitationId'].decline, { invitationId }), { method: 'POST' }),
    onSuccess: (_answer, invitationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.myInvitations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account.invitation(invitationId) }),
      ]),
  });
}
