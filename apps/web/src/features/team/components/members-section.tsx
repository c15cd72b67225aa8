import { Users } from 'lucide-react';
import type { Game } from '@liveops/domain/games';
import { cannotReason, type Member, type StudioRole } from '@liveops/domain/teams';
import { ownersAmong } from '../member-controls';
import { MemberRow } from './member-row';
import styles from './members.module.css';
import team from '../team.module.css';

/** The studio's members, oldest first, each with what the viewer may change of them. */
export function MembersSection({
  studioId,
  studioName,
  members,
  viewer,
  games,
}: {
  studioId: string;
  studioName: string;
  members: Member[];
  viewer: { userId: string; role: StudioRole };
  games: Game[] | undefined;
}) {
  const owners = ownersAmong(members);
  // Said once for the section, not on every row: the viewer's role changes and removes nobody.
  const roleWide = cannotReason(viewer.role, 'members.manage');
  return (
    <section className={`panel ${team.section}`} aria-labelledby="members-heading">
      <header className={team.sectionHeader}>
        <Users size={20} aria-hidden className={team.sectionIcon} />
        <div>
          <h2 className="panel-title" id="members-heading">
            Members<span className={team.count}>{members.length}</span>
          </h2>
          <p className="muted">Everyone who works in {studioName}, and their role.</p>
          {roleWide ? <p className={team.reason}>{roleWide}</p> : null}
        </div>
      </header>
      <div className={styles.columns} aria-hidden>
        <span>Member</span>
        <span>Role</span>
        <span>Joined</span>
        <span />
      </div>
      <ul className={styles.list}>
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            studioId={studioId}
            studioName={studioName}
            member={member}
            viewer={viewer}
            owners={owners}
            games={games}
          />
        ))}
      </ul>
    </section>
  );
}
