import { Building2 } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useGames } from '../../../lib/api/games/get-games';
import { useStudios } from '../../../lib/api/studios/studios';
import { useSignedInUser } from '../../../lib/current-user';
import { useTeam } from '../api/team';
import { InvitationsSection } from '../components/invitations-section';
import { InviteForm } from '../components/invite-form';
import { MembersSection } from '../components/members-section';
import { RolesSection } from '../components/roles-section';
import { StudioName } from '../components/studio-name';
import styles from '../team.module.css';

/** /team: the studio the dashboard shows, its members, its open invitations and what each role may do. */
export function TeamPage() {
  const studios = useStudios();
  if (studios.isPending) return <TeamSkeleton />;
  if (studios.isError) {
    return (
      <Page className={styles.page}>
        <PageHeader title="Team" />
        <LoadError
          message={`Could not load your studios. ${studios.error.message}`}
          onRetry={() => void studios.refetch()}
        />
      </Page>
    );
  }
  const active = studios.data.active;
  if (!active) {
    return (
      <Page className={styles.page}>
        <PageHeader title="Team" intro="The people of your studio and what each can do." />
        <div className="panel empty-state">
          <Building2 size={32} aria-hidden className="placeholder-icon" />
          <p>You are not in a studio yet.</p>
          <p className="muted">Create a game to start your own, or accept an invitation from another studio.</p>
        </div>
        <RolesSection />
      </Page>
    );
  }
  // Keyed: another studio chosen in the top bar starts the page afresh (a rename under way is not carried over).
  return <StudioTeam key={active.id} studioId={active.id} />;
}

function StudioTeam({ studioId }: { studioId: string }) {
  const user = useSignedInUser();
  const team = useTeam(studioId);
  const games = useGames();
  if (team.isPending) return <TeamSkeleton />;
  if (team.isError) {
    return (
      <Page className={styles.page}>
        <PageHeader title="Team" />
        <LoadError message={`Could not load the team. ${team.error.message}`} onRetry={() => void team.refetch()} />
      </Page>
    );
  }
  const { studio, members, invitations } = team.data;
  const me = members.find((member) => member.userId === user.uid);
  // Removed a moment ago (the live update is on its way): the studio is no longer theirs to show.
  if (!me) return <TeamSkeleton />;
  const viewer = { userId: me.userId, role: me.role };
  return (
    <Page className={styles.page}>
      <StudioName studio={studio} viewer={viewer.role} members={members.length} />
      <MembersSection
        studioId={studio.id}
        studioName={studio.name}
        members={members}
        viewer={viewer}
        games={games.data}
      />
      <InviteForm studioId={studio.id} viewer={viewer.role} games={games.data} gamesFailed={games.isError} />
      <InvitationsSection studioId={studio.id} invitations={invitations} viewer={viewer.role} games={games.data} />
      <RolesSection />
    </Page>
  );
}

function TeamSkeleton() {
  return (
    <Page className={styles.page}>
      <PageHeader title="Team" intro="Loading the team…" />
      <div className="stack" aria-busy="true" aria-label="Loading the team">
        <div className={`panel skeleton ${styles.skeletonTall}`} />
        <div className={`panel skeleton ${styles.skeleton}`} />
      </div>
    </Page>
  );
}
