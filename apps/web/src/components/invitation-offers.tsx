import { MailOpen } from 'lucide-react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type MyInvitation } from '@liveops/domain/teams';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from '../lib/api/invitations/invitations';
import { Button } from './ui/button';
import styles from './invitation-offers.module.css';

/**
 * The open invitations to the signed-in person's address, one banner each (decision 065): someone who signed up from
 * an invitation's link finds it here once verified, and accepts without looking for the email again.
 */
export function InvitationOffers() {
  const invitations = useMyInvitations();
  // Nothing while it loads or when it fails: the offer is a convenience, the emailed link still works.
  if (!invitations.data?.length) return null;
  return (
    <div className={styles.offers}>
      {invitations.data.map((invitation) => (
        <Offer key={invitation.id} invitation={invitation} />
      ))}
    </div>
  );
}

function Offer({ invitation }: { invitation: MyInvitation }) {
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const failure = accept.error ?? decline.error;
  const busy = accept.isPending || decline.isPending;
  return (
    <section className={styles.offer} aria-label={`Invitation to ${invitation.studioName}`}>
      <MailOpen size={22} aria-hidden className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.line}>
          {invitation.invitedBy} invited you to join <strong>{invitation.studioName}</strong> as{' '}
          {ROLE_LABELS[invitation.role]}
        </p>
        <p className={styles.description}>{ROLE_DESCRIPTIONS[invitation.role]}</p>
        {failure ? (
          <p className={styles.error} role="alert">
            {failure.message || 'Could not answer the invitation.'}
          </p>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <Button
          size="sm"
          loading={accept.isPending}
          disabled={busy}
          onClick={() => {
            decline.reset();
            accept.mutate(invitation.id);
          }}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={decline.isPending}
          disabled={busy}
          onClick={() => {
            accept.reset();
            decline.mutate(invitation.id);
          }}
        >
          Decline
        </Button>
      </div>
    </section>
  );
}
