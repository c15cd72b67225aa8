import { Clock, Send } from 'lucide-react';
import { useState } from 'react';
import type { Game } from '@liveops/domain/games';
import { cannotReason, ROLE_LABELS, type Invitation, type StudioRole } from '@liveops/domain/teams';
import { Button } from '../../../components/ui/button';
import { useResendInvitation, useWithdrawInvitation } from '../api/team';
import { formatDay, gameNames } from '../format';
import styles from './invitations.module.css';
import team from '../team.module.css';

/** The invitations still waiting for an answer, newest first: resent (a new week) or withdrawn by an Admin or Owner. */
export function InvitationsSection({
  studioId,
  invitations,
  viewer,
  games,
}: {
  studioId: string;
  invitations: Invitation[];
  viewer: StudioRole;
  games: Game[] | undefined;
}) {
  const refusal = cannotReason(viewer, 'members.invite');
  return (
    <section className={`panel ${team.section}`} aria-labelledby="invitations-heading">
      <header className={team.sectionHeader}>
        <Send size={20} aria-hidden className={team.sectionIcon} />
        <div>
          <h2 className="panel-title" id="invitations-heading">
            Pending invitations<span className={team.count}>{invitations.length}</span>
          </h2>
          <p className="muted">Sent and not yet answered. Resending gives the link another week.</p>
          {refusal && invitations.length > 0 ? <p className={team.reason}>{refusal}</p> : null}
        </div>
      </header>
      {invitations.length === 0 ? (
        <p className={styles.empty}>No invitations waiting for an answer.</p>
      ) : (
        <ul className={styles.list}>
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              studioId={studioId}
              invitation={invitation}
              refusal={refusal}
              games={games}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({
  studioId,
  invitation,
  refusal,
  games,
}: {
  studioId: string;
  invitation: Invitation;
  refusal: string | null;
  games: Game[] | undefined;
}) {
  const resend = useResendInvitation(studioId);
  const withdraw = useWithdrawInvitation(studioId);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const expired = invitation.status === 'expired';
  const scope = invitation.gameIds === null ? 'All games' : gameNames(invitation.gameIds, games);
  return (
    <li className={styles.row} aria-label={invitation.email}>
      <div className={styles.main}>
        <span className={styles.email} title={invitation.email}>
          {invitation.email}
        </span>
        <span className={styles.facts}>
          <span className={styles.role}>{ROLE_LABELS[invitation.role]}</span>
          <span>{scope}</span>
          <span>Sent by {invitation.invitedBy}</span>
          {expired ? (
            <span className={styles.expired}>Expired</span>
          ) : (
            <span>
              <Clock size={12} aria-hidden /> Expires {formatDay(invitation.expiresAt)}
            </span>
          )}
        </span>
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={refusal !== null}
          title={refusal ?? `Send ${invitation.email} a new link, valid for another week`}
          loading={resend.isPending}
          onClick={() => {
            setError(null);
            setResent(false);
            resend.mutate(invitation.id, {
              onSuccess: () => setResent(true),
              onError: (failure) => setError(failure.message || 'Could not resend the invitation.'),
            });
          }}
        >
          {resent ? 'Sent again' : 'Resend'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={refusal ? undefined : styles.withdraw}
          disabled={refusal !== null}
          title={refusal ?? 'Withdraw: the link stops working'}
          loading={withdraw.isPending}
          onClick={() => {
            setError(null);
            withdraw.mutate(invitation.id, {
              onError: (failure) => setError(failure.message || 'Could not withdraw the invitation.'),
            });
          }}
        >
          Withdraw
        </Button>
      </div>
      {error ? (
        <p className={`${team.error} ${styles.note}`} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
