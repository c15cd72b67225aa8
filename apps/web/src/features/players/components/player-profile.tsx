import { FlaskConical, Gift, RotateCcw, Flame } from 'lucide-react';
import { useState } from 'react';
import {
  formatClockOffset,
  PLAYER_MESSAGES,
  SUPPORT_ACTION_LABELS,
  type PlayerProfile as Profile,
  type SupportAction,
  type SupportActionKind,
} from '@liveops/domain/players';
import { DAILY_REWARD_VERDICT_LABELS, scheduleText } from '@liveops/domain/targeting';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { usePacks } from '../../../lib/api/packs/get-packs';
import { formatLocalInstant, localZoneLabel } from '../../../lib/format-instant';
import { usePlayerLedger } from '../api/get-player-ledger';
import { nextClaimText } from '../next-claim-text';
import { SupportActionDialog, type SupportChoice } from './support-action-dialog';
import styles from './players.module.css';

const when = (iso: string) => formatLocalInstant(Date.parse(iso));

const LEDGER_REASONS: Record<string, string> = {
  base_amount: 'Starting amount',
  daily_reward: 'Daily reward',
  server_grant: 'Game server grant',
  server_consume: 'Game server spend',
  support_grant: 'Support grant',
};

type Opened = { kind: SupportActionKind; target?: string; streak?: number } | null;

/** A player as the Players tab shows them (decision 043): one section a question support asks. */
export function PlayerProfile({ gameId, profile }: { gameId: string; profile: Profile }) {
  const [opened, setOpened] = useState<Opened>(null);
  const packs = usePacks(gameId);
  const playerId = profile.player.playerId;
  const configs: SupportChoice[] = profile.states.map((s) => ({ id: s.configId, name: s.name }));
  const verdicts = new Map(profile.dailyReward.configs.map((c) => [c.configId, c.verdict]));
  const packChoices: SupportChoice[] = (packs.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  const choices = opened?.kind === 'grant_pack' ? packChoices : configs;

  return (
    <div className={styles.sections}>
      <section className="panel" aria-labelledby="player-profile-heading">
        <div className={styles.sectionHead}>
          <h2 className="panel-title" id="player-profile-heading">
            {playerId}
          </h2>
          {profile.tester ? (
            <span className={`badge ${styles.tester}`} title={PLAYER_MESSAGES.tester}>
              <FlaskConical size={14} aria-hidden /> Test player · {formatClockOffset(profile.tester.clockOffsetMs)}
            </span>
          ) : null}
        </div>
        <dl className="facts">
          <div>
            <dt>First seen</dt>
            <dd>{when(profile.player.firstSeenAt)}</dd>
          </div>
          <div>
            <dt>Last seen</dt>
            <dd>{when(profile.player.lastSeenAt)}</dd>
          </div>
          <div>
            <dt>Time zone</dt>
            <dd>{profile.player.timeZone}</dd>
          </div>
          <div>
            <dt>Sessions</dt>
            <dd>{profile.player.sessionCount}</dd>
          </div>
          {profile.tester?.note ? (
            <div>
              <dt>Tester note</dt>
              <dd>{profile.tester.note}</dd>
            </div>
          ) : null}
          <div>
            <dt>Attributes</dt>
            <dd>
              {Object.keys(profile.player.attributes).length === 0 ? (
                <span className="muted">None sent</span>
              ) : (
                <ul className={styles.attributes}>
                  {Object.entries(profile.player.attributes).map(([name, value]) => (
                    <li key={name}>
                      <code>{name}</code>: {JSON.stringify(value)}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
        {/* The player's own zone is above; every instant on this page is written in the studio's. */}
        <p className="hint">Times on this page are in your time zone, {localZoneLabel()}.</p>
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => setOpened({ kind: 'grant_pack' })}>
            <Gift size={16} aria-hidden /> Grant a pack
          </Button>
        </div>
      </section>

      <section className="panel" aria-labelledby="player-targeting-heading">
        <h2 className="panel-title" id="player-targeting-heading">
          Segments &amp; daily reward
        </h2>
        <h3 className={styles.subhead}>Segments matched at their last session</h3>
        {profile.segments.length === 0 ? (
          <p className="muted">{PLAYER_MESSAGES.noSegments}</p>
        ) : (
          <ul className={styles.chips}>
            {profile.segments.map((s) => (
              <li key={s.id} className="badge">
                {s.name}
              </li>
            ))}
          </ul>
        )}
        <h3 className={styles.subhead}>The daily reward they get now</h3>
        {profile.dailyReward.selected ? (
          <p>
            <strong>{profile.dailyReward.selected.name}</strong>:{' '}
            {profile.dailyReward.selected.audience.kind === 'segment'
              ? `they are in its segment “${profile.dailyReward.selected.audience.segmentName}”`
              : 'it is for every player'}
            , priority {profile.dailyReward.selected.priority}, scheduled{' '}
            {scheduleText(
              profile.dailyReward.selected.startsAt === null ? null : Date.parse(profile.dailyReward.selected.startsAt),
              profile.dailyReward.selected.endsAt === null ? null : Date.parse(profile.dailyReward.selected.endsAt),
              formatLocalInstant,
            )}
            {profile.dailyReward.selected.decidedByAge ? '; of equal priorities, the oldest wins' : ''}.
          </p>
        ) : (
          <p className="muted">No daily reward applies to them now.</p>
        )}
        {profile.dailyReward.configs.length > 0 ? (
          <ul className={styles.verdicts}>
            {profile.dailyReward.configs.map((c) => (
              <li key={c.configId}>
                <span>{c.name}</span>
                <span className="muted">{DAILY_REWARD_VERDICT_LABELS[c.verdict]}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="player-states-heading">
        <h2 className="panel-title" id="player-states-heading">
          Daily rewards
        </h2>
        {profile.states.length === 0 ? (
          <p className="muted">{PLAYER_MESSAGES.noConfigs}</p>
        ) : (
          <ul className={styles.states}>
            {profile.states.map((s) => (
              <li key={s.configId} className={styles.state}>
                <div className={styles.stateHead}>
                  <strong>{s.name}</strong>
                  {s.enabled ? null : <span className="badge">Disabled</span>}
                </div>
                <dl className={styles.stateFacts}>
                  <div>
                    <dt>Day</dt>
                    <dd>{s.day}</dd>
                  </div>
                  <div>
                    <dt>Streak</dt>
                    <dd>{s.streak}</dd>
                  </div>
                  <div>
                    <dt>Next claim</dt>
                    <dd>{nextClaimText(s, verdicts.get(s.configId), when)}</dd>
                  </div>
                  <div>
                    <dt>Claims</dt>
                    <dd>{s.claims}</dd>
                  </div>
                </dl>
                {s.experiment ? (
                  <p className={styles.note}>
                    {s.experiment.running ? 'A/B test: sees variant' : 'Last A/B test (ended): saw variant'}{' '}
                    <strong>{s.experiment.variantName}</strong>, since {when(s.experiment.assignedAt)}.
                  </p>
                ) : null}
                {s.lastClaim && s.lastClaim.kind !== 'claim' ? (
                  <p className={styles.note}>
                    {s.lastClaim.kind === 'reset' ? 'Progress reset' : `Streak set to ${s.lastClaim.streak}`} on{' '}
                    {when(s.lastClaim.at)}.
                  </p>
                ) : null}
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpened({ kind: 'reset_progress', target: s.configId })}
                  >
                    <RotateCcw size={16} aria-hidden /> Reset progress
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpened({ kind: 'set_streak', target: s.configId, streak: s.streak })}
                  >
                    <Flame size={16} aria-hidden /> Set streak
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby="player-balances-heading">
        <h2 className="panel-title" id="player-balances-heading">
          Balances
        </h2>
        {profile.balances.length === 0 ? (
          <p className="muted">{PLAYER_MESSAGES.noBalances}</p>
        ) : (
          <ul className={styles.balances}>
            {profile.balances.map((b) => (
              <li key={b.itemId}>
                <span>{b.name ?? <span className="muted">Deleted item</span>}</span>
                <strong>{b.amount.toLocaleString()}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PlayerLedger gameId={gameId} playerId={playerId} />

      <section className="panel" aria-labelledby="player-support-heading">
        <h2 className="panel-title" id="player-support-heading">
          Support history
        </h2>
        {profile.supportActions.length === 0 ? (
          <p className="muted">{PLAYER_MESSAGES.noHistory}</p>
        ) : (
          <ol className={styles.history}>
            {profile.supportActions.map((a) => (
              <li key={a.id}>
                <div className={styles.stateHead}>
                  <strong>{SUPPORT_ACTION_LABELS[a.kind]}</strong>
                  <span className="muted">{actionSummary(a)}</span>
                </div>
                <p className={styles.reason}>“{a.reason}”</p>
                <p className="hint">
                  {a.actor.email} · {when(a.createdAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {opened ? (
        <SupportActionDialog
          gameId={gameId}
          playerId={playerId}
          kind={opened.kind}
          choices={choices}
          initialTarget={opened.target}
          initialStreak={opened.streak ?? 0}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </div>
  );
}

/** What an action did, in a few words, from its stored details. */
function actionSummary(action: SupportAction): string {
  const d = action.details;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (action.kind === 'grant_pack') return text(d.packName);
  if (action.kind === 'set_streak') return `${text(d.configName)}: ${String(d.streak)} days`;
  return text(d.configName);
}

function PlayerLedger({ gameId, playerId }: { gameId: string; playerId: string }) {
  const ledger = usePlayerLedger(gameId, playerId);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="panel" aria-labelledby="player-ledger-heading">
      <h2 className="panel-title" id="player-ledger-heading">
        Ledger
      </h2>
      {ledger.isPending ? (
        <p className="muted">Loading the ledger…</p>
      ) : ledger.isError ? (
        <LoadError message={PLAYER_MESSAGES.loadFailed} onRetry={() => void ledger.refetch()} />
      ) : entries.length === 0 ? (
        <p className="muted">{PLAYER_MESSAGES.noLedger}</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Item</th>
                  <th scope="col" className={styles.number}>
                    Change
                  </th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{when(e.createdAt)}</td>
                    <td>{e.itemName ?? <span className="muted">Deleted item</span>}</td>
                    <td className={styles.number}>
                      {e.amount > 0 ? '+' : ''}
                      {e.amount.toLocaleString()}
                    </td>
                    <td>
                      {LEDGER_REASONS[e.reason] ?? e.reason}
                      {e.day !== null ? `, day ${e.day}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ledger.hasNextPage ? (
            <Button
              variant="secondary"
              size="sm"
              loading={ledger.isFetchingNextPage}
              onClick={() => void ledger.fetchNextPage()}
            >
              Show older entries
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
