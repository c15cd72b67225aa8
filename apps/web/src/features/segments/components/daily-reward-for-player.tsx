import { Gift } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  DAILY_REWARD_VERDICT_LABELS,
  FOR_PLAYER_MESSAGES,
  scheduleText,
  type DailyRewardForPlayer as Answer,
} from '@liveops/domain/targeting';
import { LoadError } from '../../../components/load-error';
import { useDailyRewardForPlayer } from '../../../lib/api/daily-rewards/get-daily-reward-for-player';
import { useSegments } from '../../../lib/api/segments/get-segments';
import { formatLocalInstant, localZoneLabel } from '../../../lib/format-instant';
import styles from './daily-reward-for-player.module.css';

/** How long typing may pause before the server is asked. */
const ASK_AFTER_MS = 400;

/** The text when it is a JSON object (what the server takes); null otherwise (the tester says what is wrong). */
function objectText(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : null;
  } catch {
    return null;
  }
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Why the selected config is the player's: its audience, its schedule and its rank. */
function reasons(selected: NonNullable<Answer['selected']>, answer: Answer): string[] {
  const outranked = answer.configs.filter((c) => c.verdict === 'outranked');
  const schedule = scheduleText(ms(selected.startsAt), ms(selected.endsAt), formatLocalInstant);
  return [
    selected.audience.kind === 'segment'
      ? `Segment matched: “${selected.audience.segmentName}”.`
      : 'For every player (no segment).',
    `Schedule: ${schedule === 'always' ? 'always on' : schedule}.`,
    outranked.length === 0
      ? `Priority ${selected.priority}: no other config applies to this player now.`
      : `Priority ${selected.priority}${selected.decidedByAge ? ', the oldest of the configs with that priority' : ''}: outranks ${outranked.map((c) => `“${c.name}” (${c.priority})`).join(', ')}.`,
  ];
}

/**
 * Decision 038: which daily reward the sample player would get now, and why, as the runtime would decide it on the
 * server's clock (the player evaluated against every segment of the game, the live release's configs selected by
 * targeting, schedule and priority).
 */
export function DailyRewardForPlayer({ gameId, player }: { gameId: string; player: string }) {
  const [asked, setAsked] = useState(() => objectText(player));
  useEffect(() => {
    const timer = setTimeout(() => setAsked(objectText(player)), ASK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [player]);
  const segments = useSegments(gameId);
  const answer = useDailyRewardForPlayer(gameId, asked, segments.dataUpdatedAt);
  const data = answer.data;

  return (
    <section
      className={styles.forPlayer}
      aria-labelledby="for-player-heading"
      aria-busy={answer.isFetching || undefined}
    >
      <h3 className={styles.title} id="for-player-heading">
        <Gift size={16} aria-hidden /> Daily reward this player gets now
      </h3>
      {asked === null ? (
        <p className="muted">Write the player as a JSON object to see which daily reward they get.</p>
      ) : answer.isPending ? (
        <p className="muted">Asking the server…</p>
      ) : answer.isError ? (
        <LoadError
          message={answer.error.message || FOR_PLAYER_MESSAGES.loadFailed}
          onRetry={() => void answer.refetch()}
        />
      ) : data ? (
        <div className={styles.answer} role="status" aria-live="polite">
          {data.selected ? (
            <>
              <p className={styles.selected}>{data.selected.name}</p>
              <ul className={styles.reasons}>
                {reasons(data.selected, data).map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.none}>
              {data.configs.length === 0 ? FOR_PLAYER_MESSAGES.noConfigs : FOR_PLAYER_MESSAGES.none}
            </p>
          )}
          <p className={`muted ${styles.segments}`}>
            In segments:{' '}
            {data.segments.filter((s) => s.matches).length === 0
              ? 'none'
              : data.segments
                  .filter((s) => s.matches)
                  .map((s) => s.name)
                  .join(', ')}
            .
          </p>
          {data.configs.length > 0 ? (
            <table className={styles.configs}>
              <caption className="sr-only">
                Every daily reward of the game, in rank order, and what it is for this player
              </caption>
              <thead>
                <tr>
                  <th scope="col">Daily reward</th>
                  <th scope="col">Priority</th>
                  <th scope="col">For this player</th>
                </tr>
              </thead>
              <tbody>
                {data.configs.map((config) => (
                  <tr key={config.configId} className={config.verdict === 'selected' ? styles.chosen : undefined}>
                    <td>{config.name}</td>
                    <td>{config.priority}</td>
                    <td>{DAILY_REWARD_VERDICT_LABELS[config.verdict]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <p className={`muted ${styles.at}`}>
            As of {formatLocalInstant(Date.parse(data.at))} ({localZoneLabel()}), on the server’s clock.
          </p>
        </div>
      ) : null}
    </section>
  );
}
