import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  InvitationSchema,
  MemberSchema,
  StudioMembershipSchema,
  TeamSchema,
  type InvitationInput,
  type StudioRole,
} from '@liveops/domain/teams';
import { apiFetch } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api/api-path';
import { apiRoutes } from '../../../lib/api/api-routes';
import { queryKeys } from '../../../lib/api/query-keys';

const studioRoutes = apiRoutes.studios[':studioId'];

/** GET /api/studios/:studioId/team: the members and the invitations still open. */
export function useTeam(studioId: string) {
  return useQuery({
    queryKey: queryKeys.account.team(studioId),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(studioRoutes.team, { studioId }), { signal }).then((body) => TeamSchema.parse(body)),
  });
}

/**
 * Every change of the team reads the team, and the top bar's studios, again in this tab at once; the other members'
 * tabs hear of it through the studio's 'account' event.
 */
function useTeamMutation<I, T>(run: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all() }),
  });
}

export function useRenameStudio(studioId: string) {
  return useTeamMutation((name: string) =>
    apiFetch(apiPath(studioRoutes, { studioId }), { method: 'PATCH', body: { name } }).then((body) =>
      StudioMembershipSchema.parse(body),
    ),
  );
}

export function useInvite(studioId: string) {
  return useTeamMutation((input: InvitationInput) =>
    apiFetch(apiPath(studioRoutes.invitations, { studioId }), { body: input }).then((body) =>
      InvitationSchema.parse(body),
    ),
  );
}

export function useResendInvitation(studioId: string) {
  return useTeamMutation((invitationId: string) =>
    apiFetch(apiPath(studioRoutes.invitations[':invitationId'].resend, { studioId, invitationId }), {
      method: 'POST',
    }),
  );
}

export function useWithdrawInvitation(studioId: string) {
  return useTeamMutation((invitationId: string) =>
    apiFetch(apiPath(studioRoutes.invitations[':invitationId'], { studioId, invitationId }), { method: 'DELETE' }),
  );
}

export function useChangeRole(studioId: string) {
  return useTeamMutation(({ userId, role }: { userId: string; role: StudioRole }) =>
    apiFetch(apiPath(studioRoutes.members[':userId'], { studioId, userId }), {
      method: 'PATCH',
      body: { role },
    }).then((body) => MemberSchema.parse(body)),
  );
}

/**
 * Removing a member, or leaving (oneself): someone who left no longer sees the studio, so everything is read anew
 * (the top bar falls back to another of their studios).
 */
export function useRemoveMember(studioId: string, { onLeft }: { onLeft?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; leaving: boolean }) =>
      apiFetch(apiPath(studioRoutes.members[':userId'], { studioId, userId }), { method: 'DELETE' }),
    // onLeft before the refetch, which takes the row (and a callback given to mutate()) away.
    onSuccess: (_answer, { leaving }) => {
      if (!leaving) return queryClient.invalidateQueries({ queryKey: queryKeys.account.all() });
      onLeft?.();
      return queryClient.invalidateQueries();
    },
  });
}

export function useTransferOwnership(studioId: string) {
  return useTeamMutation((userId: string) =>
    apiFetch(apiPath(studioRoutes.transfer, { studioId }), { body: { userId } }),
  );
}
