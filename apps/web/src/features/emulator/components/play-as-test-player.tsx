import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play, RefreshCw, RotateCcw, SkipForward } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { type Game } from '@liveops/domain/games';
import { defaultCanvasSize } from '@liveops/domain/layout';
import { formatClockOffset, TEST_PLAYER_MESSAGES, type TestPlayer } from '@liveops/domain/players';
import { type DailyRewardState } from '@liveops/domain/runtime-api';
import { LoadError } from '../../../components/load-error';
import { PreviewFrame } from '../../../components/preview-frame/preview-frame';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { useReleases } from '../../../lib/api/releases/get-releases';
import { useAdvanceTestPlayerDay } from '../../../lib/api/test-players/advance-test-player-day';
import { useResetTestPlayerProgress } from '../../../lib/api/test-players/reset-test-player-progress';
import { useTestPlayerDailyRewards } from '../api/get-test-player-daily-rewards';
import { RuntimeCallError } from '../api/runtime-fetch';
import { signInAsTestPlayer, type TestPlayerSession } from '../api/sign-in-as-test-player';
import { testerClockText, untilText } from '../tester-clock-text';
import { useNow } from '../../../lib/use-now';
import styles from './play-as-test-player.module.css';

/** The zone the Emulator signs a tester in with: this browser's, so their clock reads as the page shows it. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const errorText = (error: unknown, fallback: string) =>
  (error instanceof ApiError || error instanceof RuntimeCallError) && error.message ? error.message : fallback;

/**
 * "Play as a test player" (decision 040): signs the chosen tester in through the real runtime, as their
 * game would (POST /v1/sessions with the game's SDK key, from this browser), shows their real state of the chosen
 * daily reward (GET /v1/daily-rewards) and its popup from popupUrl in the device frame, which claims for real by
 * itself (decision 036). "Next day" and "Reset progress" change the tester's clock and progress on the server, and
 * the state is read again.
 */
export function PlayAsTestPlayer({
  game,
  testers,
  configs,
  testerId,
  configId,
  onChoose,
}: {
  game: Game;
  testers: TestPlayer[];
  configs: DailyReward[];
  testerId: string | null;
  configId: string | null;
  onChoose: (choice: { tester?: string; config?: string }) => void;
}) {
  const ids = { tester: useId(), config: useId() };
  const releases = useReleases(game.id);
  const [session, setSession] = useState<TestPlayerSession | null>(null);
  const tester = testers.find((t) => t.id === testerId) ?? null;
  const config = configs.find((c) => c.id === configId) ?? null;
  const hasLiveRelease = releases.data?.releases.some((release) => release.live) ?? false;
  const signIn = useMutation({
    mutationFn: (who: TestPlayer) =>
      signInAsTestPlayer({
        id: game.id,
        sdkKey: game.sdkKey,
        requireSignedPlayerIds: game.requireSignedPlayerIds,
        tester: who,
        timeZone: browserTimeZone(),
      }),
    onSuccess: setSession,
  });
  const playing = session !== null && tester !== null && session.testPlayerId === tester.id ? session : null;

  let status = null;
  if (testers.length === 0) status = <p className="muted">{TEST_PLAYER_MESSAGES.pickTester}</p>;
  else if (releases.isPending) status = <p className="muted">Looking for the live release…</p>;
  else if (releases.isError) {
    status = <LoadError message="Could not load the game’s releases." onRetry={() => void releases.refetch()} />;
  } else if (!hasLiveRelease) status = <Alert tone="error">{TEST_PLAYER_MESSAGES.noRelease}</Alert>;

  return (
    <section className={`panel ${styles.panel}`} aria-labelledby="play-as-tester-heading">
      <h2 className="panel-title" id="play-as-tester-heading">
        Play as a test player
      </h2>
      <p className={`muted ${styles.help}`}>
        Signs the test player in through the player runtime, as your game does, and shows the popup of the live release
        from its popupUrl: its Claim button claims for real. Next day moves their clock to a minute past the start of
        their next day; Reset progress starts this daily reward over for them.
      </p>
      <div className={styles.choices}>
        <Field label="Test player" htmlFor={ids.tester}>
          <select
            id={ids.tester}
            className="input"
            value={tester?.id ?? ''}
            disabled={testers.length === 0}
            onChange={(event) => {
              setSession(null);
              signIn.reset();
              onChoose({ tester: event.target.value });
            }}
          >
            <option value="" disabled>
              {testers.length ? 'Select a test player' : 'No test players'}
            </option>
            {testers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.playerId}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Daily reward" htmlFor={ids.config}>
          <select
            id={ids.config}
            className="input"
            value={config?.id ?? ''}
            disabled={configs.length === 0}
            onChange={(event) => onChoose({ config: event.target.value })}
          >
            <option value="">{configs.length ? 'The one the runtime gives them' : 'No daily rewards'}</option>
            {configs.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.id}
              </option>
            ))}
          </select>
        </Field>
        <div className={styles.playButton}>
          <Button
            disabled={!tester || !hasLiveRelease}
            loading={signIn.isPending}
            onClick={() => tester && signIn.mutate(tester)}
          >
            <Play size={14} aria-hidden />
            {playing ? 'Sign in again' : 'Play'}
          </Button>
        </div>
      </div>
      {status}
      {signIn.isError ? (
        <Alert tone="error">Could not sign the test player in: {errorText(signIn.error, 'please try again.')}</Alert>
      ) : null}
      {!status && playing && tester ? (
        <TesterPlay
          key={playing.testPlayerId}
          gameId={game.id}
          orientation={game.orientation}
          session={playing}
          tester={tester}
          configId={config?.id ?? null}
          onChooseConfig={(id) => onChoose({ config: id })}
          onExpired={() => signIn.mutate(tester)}
        />
      ) : null}
    </section>
  );
}

/** The tester signed in: their clock and state of the daily reward, the buttons, and the popup as a player sees it. */
function TesterPlay({
  gameId,
  orientation,
  session,
  tester,
  configId,
  onChooseConfig,
  onExpired,
}: {
  gameId: string;
  orientation: Game['orientation'];
  session: TestPlayerSession;
  tester: TestPlayer;
  /** The daily reward chosen in the Emulator; none chosen: the one the runtime gives the tester. */
  configId: string | null;
  onChooseConfig: (configId: string) => void;
  onExpired: () => void;
}) {
  const queryClient = useQueryClient();
  const states = useTestPlayerDailyRewards(gameId, session);
  const nextDay = useAdvanceTestPlayerDay(gameId);
  const reset = useResetTestPlayerProgress(gameId);
  const resetNoteId = useId();
  const now = useNow(1000);
  const renewed = useRef(false);
  // Which popupUrl's page said `ready` (its script took the prerendered popup over and its button claims).
  const shownUrl = useRef<string | null>(null);
  const [readyUrl, setReadyUrl] = useState<string | null>(null);
  // The runtime gives each player one daily reward (decision 038): the one it gives this tester now, and the one
  // shown (the chosen one, if it is theirs).
  const given = states.data?.[0];
  const state = configId === null ? given : states.data?.find((s) => s.configId === configId);
  const popupUrl = state?.popupUrl ?? null;
  useEffect(() => {
    shownUrl.current = popupUrl;
  }, [popupUrl]);

  // A token an hour old is refused: sign in again once per token, as the SDK does.
  useEffect(() => {
    renewed.current = false;
  }, [session.token]);
  const expired = states.error instanceof RuntimeCallError && states.error.status === 401;
  useEffect(() => {
    if (expired && !renewed.current) {
      renewed.current = true;
      onExpired();
    }
  }, [expired, onExpired]);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.testPlayers.game(gameId) }),
    [queryClient, gameId],
  );
  const onFrameMessage = useCallback(
    (message: unknown) => {
      const { type, payload } = (message ?? {}) as { type?: unknown; payload?: { day?: unknown } };
      if (type === 'ready') setReadyUrl(shownUrl.current);
      else if (type === 'claim') {
        toast.success(`${tester.playerId} claimed day ${String(payload?.day ?? '')}.`);
        void refetch();
      } else if (type === 'claim_failed') void refetch();
    },
    [refetch, tester.playerId],
  );

  if (states.isPending) return <p className="muted">Loading {tester.playerId}’s daily rewards…</p>;
  if (states.isError) {
    return (
      <LoadError
        message={`Could not load ${tester.playerId}’s daily rewards: ${errorText(states.error, 'please try again.')}`}
        onRetry={() => void states.refetch()}
      />
    );
  }
  if (!given) return <Alert tone="error">{TEST_PLAYER_MESSAGES.noneGiven(tester.playerId)}</Alert>;
  if (!state) {
    return (
      <div className={styles.notGiven}>
        <p role="status">{TEST_PLAYER_MESSAGES.notGiven(tester.playerId, given.name)}</p>
        <Button variant="secondary" size="sm" onClick={() => onChooseConfig(given.configId)}>
          <Play size={14} aria-hidden />
          Play {given.name}
        </Button>
      </div>
    );
  }

  const goToNextDay = () =>
    nextDay.mutate(
      { testPlayerId: tester.id, configId: state.configId },
      {
        onSuccess: () => toast.success(`${tester.playerId}’s next day has begun.`),
        onError: (error) => toast.error(errorText(error, TEST_PLAYER_MESSAGES.nextDayFailed)),
      },
    );
  const resetProgress = () =>
    reset.mutate(
      { testPlayerId: tester.id, configId: state.configId },
      {
        onSuccess: () => toast.success(`${tester.playerId}’s progress starts over.`),
        onError: (error) => toast.error(errorText(error, TEST_PLAYER_MESSAGES.resetFailed)),
      },
    );

  return (
    <div className={styles.play}>
      <div className={styles.side}>
        <TesterFacts state={state} tester={tester} now={now} timeZone={session.timeZone} />
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" loading={nextDay.isPending} onClick={goToNextDay}>
            <SkipForward size={14} aria-hidden />
            Next day
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={reset.isPending}
            onClick={resetProgress}
            title={TEST_PLAYER_MESSAGES.resetPaysAgain}
            aria-describedby={resetNoteId}
          >
            <RotateCcw size={14} aria-hidden />
            Reset progress
          </Button>
          <Button variant="ghost" size="sm" loading={states.isFetching} onClick={() => void states.refetch()}>
            <RefreshCw size={14} aria-hidden />
            Refresh
          </Button>
        </div>
        <p className={`muted ${styles.resetNote}`} id={resetNoteId}>
          <RotateCcw size={12} aria-hidden /> {TEST_PLAYER_MESSAGES.resetPaysAgain}
        </p>
        <p className={`muted ${styles.signedIn}`}>
          {/* How long, not until when: a time of day beside a test player's clock on another day read as theirs. */}
          Signed in through the runtime as <strong>{session.playerId}</strong> for another{' '}
          {untilText(Date.parse(session.expiresAt), now)} of real time.
        </p>
      </div>
      <div
        className={styles.popup}
        data-popup-state={state.popupUrl !== null && readyUrl === state.popupUrl ? 'ready' : 'loading'}
      >
        {state.popupUrl ? (
          <PreviewFrame
            key={orientation}
            title="Daily reward popup (test player)"
            defaultSize={defaultCanvasSize(orientation)}
            src={state.popupUrl}
            onFrameMessage={onFrameMessage}
          />
        ) : (
          <Alert tone="error">The runtime gave no popup for this daily reward.</Alert>
        )}
      </div>
    </div>
  );
}

function TesterFacts({
  state,
  tester,
  now,
  timeZone,
}: {
  state: DailyRewardState;
  tester: TestPlayer;
  now: number;
  timeZone: string;
}) {
  const nextClaimAt = state.nextClaimAt === null ? null : Date.parse(state.nextClaimAt);
  const dayStart =
    state.dayStart.kind === 'utc_time' ? `${minuteText(state.dayStart.minuteOfDay)} UTC` : `midnight in ${timeZone}`;
  return (
    <dl className={`facts ${styles.facts}`} aria-label={`${tester.playerId}’s state`}>
      <div>
        <dt>Daily reward</dt>
        <dd data-testid="tester-config">
          {state.name}{' '}
          <span className="muted">
            ({state.targeting ? `segment ${state.targeting.segmentName}` : 'for every player'})
          </span>
        </dd>
      </div>
      <div>
        <dt>Their clock</dt>
        <dd data-testid="tester-clock">
          {testerClockText(now, tester.clockOffsetMs, { timeZone })}{' '}
          <span className="muted">({formatClockOffset(tester.clockOffsetMs)})</span>
        </dd>
      </div>
      <div>
        <dt>Day of the cycle</dt>
        <dd data-testid="tester-day">Day {state.day} of 7</dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd data-testid="tester-streak">
          {state.streak} {state.streak === 1 ? 'day' : 'days'} in a row
        </dd>
      </div>
      <div>
        <dt>Today’s reward</dt>
        <dd data-testid="tester-today">
          {state.claimable
            ? `Ready to claim${state.pack ? `: ${state.pack.name}` : ''}`
            : `Claimed · next in ${nextClaimAt === null ? '…' : untilText(nextClaimAt, now)}`}
        </dd>
      </div>
      <div>
        <dt>Day rules</dt>
        <dd>
          A day starts at {dayStart};{' '}
          {state.missedDay === 'start_over' ? 'a missed day starts over at day 1' : 'a missed day keeps progress'}.
        </dd>
      </div>
    </dl>
  );
}

const minuteText = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
