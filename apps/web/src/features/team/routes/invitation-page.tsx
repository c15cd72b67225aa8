import { MailOpen, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_MESSAGES,
  type InvitationStatus,
  type InvitationView,
} from '@liveops/domain/teams';
import { Brand } from '../../../components/brand';
import { LoadError } from '../../../components/load-error';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation, useDeclineInvitation, useInvitation } from '../../../lib/api/invitations/invitations';
import { useCurrentUser } from '../../../lib/current-user';
import { useSignOut } from '../../../lib/sign-out';
import { formatDay } from '../format';
import styles from './invitation-page.module.css';

/** Why an invitation that is no longer pending cannot be answered. */
const CLOSED: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: TEAM_MESSAGES.invitationUsed,
  declined: TEAM_MESSAGES.invitationDeclined,
  revoked: TEAM_MESSAGES.invitationRevoked,
  expired: TEAM_MESSAGES.invitationExpired,
};

/**
 * /invitations/:invitationId, the emailed link (decision 065): who invited whom to which studio as what, signed in
 * or not. The invited address accepts or declines; another account is told which address to sign in with; someone
 * signed out is sent to sign in or sign up with it.
 */
export function InvitationPage() {
  const { invitationId = '' } = useParams();
  const invitation = useInvitation(invitationId);
  if (invitation.isPending) {
    return (
      <Frame>
        <div className={`skeleton ${styles.skeletonLine}`} aria-busy="true" aria-label="Loading the invitation" />
        <div className={`skeleton ${styles.skeletonShort}`} />
      </Frame>
    );
  }
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) {
      return <Closed text={TEAM_MESSAGES.invitationNotFound} />;
    }
    return (
      <Frame>
        <LoadError
          message={`Could not load the invitation. ${invitation.error.message}`}
          onRetry={() => void invitation.refetch()}
        />
      </Frame>
    );
  }
  const view = invitation.data;
  if (view.status !== 'pending') return <Closed text={CLOSED[view.status]} view={view} />;
  return (
    <Frame>
      <MailOpen size={40} aria-hidden className={styles.icon} />
      <Offer view={view} />
      <Answer invitationId={invitationId} view={view} />
    </Frame>
  );
}

/** "<inviter> invited you to join <studio> as <Role>", the role's line and the expiry. */
function Offer({ view }: { view: InvitationView }) {
  return (
    <>
      <h1 className={styles.title}>
        {view.invitedBy} invited you to join <span className={styles.studio}>{view.studioName}</span> as{' '}
        {ROLE_LABELS[view.role]}
      </h1>
      <p className={styles.description}>{ROLE_DESCRIPTIONS[view.role]}</p>
      <p className={styles.meta}>
        Sent to <strong>{view.email}</strong> · expires {formatDay(view.expiresAt)}
      </p>
    </>
  );
}

function Answer({ invitationId, view }: { invitationId: string; view: InvitationView }) {
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const accept = useAcceptInvitation({ onAccepted: () => void navigate(paths.dashboard()) });
  const decline = useDeclineInvitation();
  const signOut = useSignOut();
  if (currentUser.data === undefined) {
    return <div className={`skeleton ${styles.skeletonButtons}`} aria-busy="true" aria-label="Checking who you are" />;
  }
  const user = currentUser.data;
  if (user === null) {
    return (
      <div className={styles.answer}>
        <p>
          Sign in or create an account with <strong className={styles.address}>{view.email}</strong> to accept.
        </p>
        <Button asChild>
          <Link to={paths.login()}>Sign in or sign up</Link>
        </Button>
      </div>
    );
  }
  if (user.email.toLowerCase() !== view.email.toLowerCase()) {
    return (
      <div className={styles.answer}>
        <Alert tone="error">{TEAM_MESSAGES.invitationOtherAddress(view.email)}</Alert>
        <p className={styles.meta}>
          You are signed in as <strong className={styles.address}>{user.email}</strong>.
        </p>
        <Button variant="secondary" onClick={signOut}>
          Sign out
        </Button>
      </div>
    );
  }
  const failure = accept.error ?? decline.error;
  return (
    <div className={styles.answer}>
      <div className={styles.buttons}>
        <Button
          loading={accept.isPending}
          disabled={decline.isPending}
          onClick={() => {
            decline.reset();
            accept.mutate(invitationId);
          }}
        >
          Accept and open {view.studioName}
        </Button>
        <Button
          variant="secondary"
          loading={decline.isPending}
          disabled={accept.isPending}
          onClick={() => {
            accept.reset();
            decline.mutate(invitationId);
          }}
        >
          Decline
        </Button>
      </div>
      {failure ? <Alert tone="error">{failure.message || 'Could not answer the invitation.'}</Alert> : null}
    </div>
  );
}

/** An invitation that can no longer be answered, and a way on. */
function Closed({ text, view }: { text: string; view?: InvitationView }) {
  const currentUser = useCurrentUser();
  return (
    <Frame>
      <MailX size={40} aria-hidden className={styles.iconClosed} />
      {view ? (
        <p className={styles.meta}>
          {view.invitedBy}’s invitation to {view.studioName} as {ROLE_LABELS[view.role]}
        </p>
      ) : null}
      <h1 className={styles.closed}>{text}</h1>
      <Button asChild variant="secondary">
        {currentUser.data ? (
          <Link to={paths.dashboard()}>Go to the dashboard</Link>
        ) : (
          <Link to={paths.login()}>Go to sign in</Link>
        )}
      </Button>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <Brand />
      <main className={`panel ${styles.panel}`}>{children}</main>
    </div>
  );
}
