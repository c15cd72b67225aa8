import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Game } from '@liveops/domain/games';
import { ROLE_LABELS, studioRoleSchema, type Member, type StudioRole } from '@liveops/domain/teams';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useChangeRole, useRemoveMember, useTransferOwnership } from '../api/team';
import { mayTransferTo, removeControl, roleControl } from '../member-controls';
import { formatDay, gameNames } from '../format';
import styles from './members.module.css';
import team from '../team.module.css';

/**
 * One member: who, their role (a picker when the viewer may change it), when they joined, and Remove / Leave /
 * Make owner. A refused control is disabled with its reason beside it; a server refusal shows on the row.
 */
export function MemberRow({
  studioId,
  studioName,
  member,
  viewer,
  owners,
  games,
}: {
  studioId: string;
  studioName: string;
  member: Member;
  viewer: { userId: string; role: StudioRole };
  owners: number;
  games: Game[] | undefined;
}) {
  const navigate = useNavigate();
  const changeRole = useChangeRole(studioId);
  const remove = useRemoveMember(studioId, { onLeft: () => void navigate(paths.dashboard()) });
  const transfer = useTransferOwnership(studioId);
  const [error, setError] = useState<string | null>(null);
  const role = roleControl(viewer, member, owners);
  const removal = removeControl(viewer, member, owners);
  const isMe = member.userId === viewer.userId;
  const who = member.name ?? member.email;
  const fail = (fallback: string) => (failure: Error) => setError(failure.message || fallback);
  const reasons = [
    role.kind === 'select' ? role.disabled : null,
    removal.refusal && !removal.roleWide ? removal.refusal : null,
  ].filter((reason, index, all): reason is string => reason !== null && all.indexOf(reason) === index);
  const limited = member.gameIds === null ? null : gameNames(member.gameIds, games);

  return (
    <li className={styles.row} aria-label={who}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden>
          {who.slice(0, 1).toUpperCase()}
        </span>
        <div className={styles.names}>
          <span className={styles.nameLine}>
            <span className={styles.name} title={who}>
              {who}
            </span>
            {isMe ? <span className={styles.you}>You</span> : null}
          </span>
          {member.name ? (
            <span className={styles.email} title={member.email}>
              {member.email}
            </span>
          ) : null}
          {limited ? <span className={styles.email}>Only {limited}</span> : null}
        </div>
      </div>
      <div className={styles.role}>
        <span className={styles.cellLabel}>Role</span>
        {role.kind === 'text' ? (
          <span className={styles.roleText}>{ROLE_LABELS[member.role]}</span>
        ) : (
          <select
            className={`input ${styles.select}`}
            aria-label={`Role of ${who}`}
            value={changeRole.isPending ? changeRole.variables.role : member.role}
            disabled={role.disabled !== null || changeRole.isPending}
            title={role.disabled ?? undefined}
            onChange={(event) => {
              setError(null);
              const next = studioRoleSchema.parse(event.target.value);
              changeRole.mutate({ userId: member.userId, role: next }, { onError: fail('Could not change the role.') });
            }}
          >
            {role.options.map((option) => (
              <option key={option.role} value={option.role} disabled={option.refusal !== null}>
                {ROLE_LABELS[option.role]}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className={styles.joined}>
        <span className={styles.cellLabel}>Joined</span>
        {formatDay(member.joinedAt)}
      </div>
      <div className={styles.actions}>
        {mayTransferTo(viewer, member) ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm" loading={transfer.isPending}>
                Make owner
              </Button>
            }
            title={`Make ${who} the owner?`}
            description={`${who} becomes the Owner of ${studioName}, and you become an Admin. Only the new Owner can give ownership back.`}
            confirmLabel="Make owner"
            danger={false}
            onConfirm={() => {
              setError(null);
              transfer.mutate(member.userId, { onError: fail('Could not transfer the ownership.') });
            }}
          />
        ) : null}
        <ConfirmDialog
          trigger={
            <Button
              variant="secondary"
              size="sm"
              className={removal.refusal ? undefined : styles.danger}
              disabled={removal.refusal !== null}
              title={removal.refusal ?? undefined}
              loading={remove.isPending}
            >
              {removal.leaving ? 'Leave studio' : 'Remove'}
            </Button>
          }
          title={removal.leaving ? `Leave ${studioName}?` : `Remove ${who}?`}
          description={
            removal.leaving
              ? `You lose access to ${studioName} and its games at once. To come back, someone must invite you again.`
              : `${who} loses access to ${studioName} and its games at once. You can invite them again later.`
          }
          confirmLabel={removal.leaving ? 'Leave studio' : 'Remove'}
          onConfirm={() => {
            setError(null);
            remove.mutate(
              { userId: member.userId, leaving: removal.leaving },
              { onError: fail(removal.leaving ? 'Could not leave the studio.' : 'Could not remove the member.') },
            );
          }}
        />
      </div>
      {reasons.length > 0 || error ? (
        <div className={styles.notes}>
          {reasons.map((reason) => (
            <p key={reason} className={team.reason}>
              {reason}
            </p>
          ))}
          {error ? (
            <p className={team.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
