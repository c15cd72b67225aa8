import * as Tabs from '@radix-ui/react-tabs';
import { useId, useMemo, useReducer, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { EMBED_FEATURE_TYPE, EMBED_MESSAGES, EMULATOR_MESSAGES, explainPlayInputs } from '@liveops/domain/popup';
import { LoadError } from '../../../components/load-error';
import { Field, hintIdOf } from '../../../components/ui/field';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useDailyRewards } from '../../../lib/api/daily-rewards/get-daily-rewards';
import { DailyRewardsPreview } from '../components/daily-rewards-preview';
import { TestPlayersMode } from '../components/test-players-mode';
import { INITIAL_PLAY_CYCLE, playCycle, playCycleParams } from '../play-cycle';
import tabStyles from '../../../components/tabs.module.css';
import styles from '../emulator.module.css';

/** The query parameter naming the chosen config; the Daily Rewards tab's "+ Open Emulator" sets it. */
const CONFIG_PARAM = 'config';
/** `?mode=tester` opens "Play as a test player", with `?tester=` the chosen test player (decision 040). */
const MODE_PARAM = 'mode';
const TESTER_MODE = 'tester';
const TESTER_PARAM = 'tester';

const FEATURES = [{ type: EMBED_FEATURE_TYPE, label: 'Daily Rewards' }] as const;

/**
 * /dashboard/game/:gameId/emulator: a feature's popup as players see it, played with a streak and a day, and the
 * URL and message a game's WebView shows it with. The chosen config lives in the address (?config=…); with none
 * chosen, a game's only config is previewed, and of several none until the developer picks one.
 */
export function EmulatorTab() {
  const gameId = useParams().gameId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const [feature, setFeature] = useState<string>(EMBED_FEATURE_TYPE);
  const [play, dispatch] = useReducer(playCycle, INITIAL_PLAY_CYCLE);
  const params = useMemo(() => playCycleParams(play), [play]);
  const notes = useMemo(() => explainPlayInputs(play.streak, play.todayIndex), [play]);
  const configs = useDailyRewards(gameId);
  const ids = { feature: useId(), config: useId(), streak: useId(), today: useId() };

  // A game's only config is the one to preview (decision 056): chosen for the developer, as the only feature
  // is; with several, nothing is previewed until one is picked.
  const only = configs.data?.length === 1 ? configs.data[0]! : null;
  const chosenId = searchParams.get(CONFIG_PARAM) ?? only?.id ?? null;
  const chosen = configs.data?.find((c) => c.id === chosenId) ?? null;
  const setParams = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const choose = (id: string) => setParams({ [CONFIG_PARAM]: id || null });
  const mode = searchParams.get(MODE_PARAM) === TESTER_MODE ? TESTER_MODE : 'preview';
  const isDailyRewards = feature === EMBED_FEATURE_TYPE;
  const noConfigs = configs.data?.length === 0;

  let status = null;
  if (!isDailyRewards) status = <p className={`muted ${styles.status}`}>Select a feature.</p>;
  else if (configs.isPending) status = <p className={`muted ${styles.status}`}>Loading configs…</p>;
  else if (configs.isError) {
    status = (
      <LoadError
        message={configs.error.message || EMBED_MESSAGES.configsLoadFailed}
        onRetry={() => void configs.refetch()}
      />
    );
  } else if (!chosen) {
    status = (
      <div className={styles.status}>
        <p className="muted">Select a config to preview.</p>
        {noConfigs && (
          <p className="muted">
            Create one in <Link to={paths.game(gameId, 'daily-rewards')}>Daily Rewards</Link>.
          </p>
        )}
      </div>
    );
  }

  return (
    <Page>
      <PageHeader
        title="Emulator"
        intro="Preview a feature’s popup as players see it on a given day, and get what a game’s WebView loads it with; or play it as a test player, on the real server, a day at a time."
      />
      <Tabs.Root
        value={mode}
        onValueChange={(value) => setParams({ [MODE_PARAM]: value === TESTER_MODE ? value : null })}
      >
        <Tabs.List className={`${tabStyles.list} ${styles.tabs}`} aria-label="Emulator">
          <Tabs.Trigger value="preview" className={tabStyles.tab}>
            Preview
          </Tabs.Trigger>
          <Tabs.Trigger value={TESTER_MODE} className={tabStyles.tab}>
            Play as a test player
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="preview" className={`${styles.mode} ${styles.previewMode}`}>
          <section className={`panel ${styles.controls}`} aria-label="Emulator settings">
            <Field label="Feature" htmlFor={ids.feature}>
              <select
                id={ids.feature}
                className="input"
                value={feature}
                onChange={(event) => setFeature(event.target.value)}
              >
                <option value="">Select a feature</option>
                {FEATURES.map((f) => (
                  <option key={f.type} value={f.type}>
                    {f.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Config" htmlFor={ids.config}>
              <select
                id={ids.config}
                className="input"
                value={chosen?.id ?? ''}
                disabled={!isDailyRewards || !configs.data || noConfigs}
                onChange={(event) => choose(event.target.value)}
              >
                {noConfigs ? (
                  <option value="">No configs</option>
                ) : (
                  <option value="" disabled>
                    Select a config
                  </option>
                )}
                {configs.data?.map((config) => (
                  <option key={config.id} value={config.id}>
                    {config.name || config.id}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Streak" htmlFor={ids.streak} hint={EMULATOR_MESSAGES.streakHelp}>
              <input
                id={ids.streak}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={play.streak}
                aria-describedby={describedBy(ids.streak, notes.streak)}
                onChange={(event) => dispatch({ type: 'setStreak', value: event.target.value })}
              />
              <InputNote id={noteIdOf(ids.streak)} note={notes.streak} />
            </Field>
            <Field label="Today Index" htmlFor={ids.today} hint={DAILY_REWARD_MESSAGES.todayIndexHelp}>
              <input
                id={ids.today}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="From the streak"
                value={play.todayIndex}
                aria-describedby={describedBy(ids.today, notes.todayIndex)}
                onChange={(event) => dispatch({ type: 'setTodayIndex', value: event.target.value })}
              />
              <InputNote id={noteIdOf(ids.today)} note={notes.todayIndex} />
            </Field>
          </section>
          {status ??
            (chosen && (
              <DailyRewardsPreview gameId={gameId} configId={chosen.id} params={params} dispatch={dispatch} />
            ))}
        </Tabs.Content>
        <Tabs.Content value={TESTER_MODE} className={styles.mode}>
          {configs.isError ? (
            <LoadError
              message={configs.error.message || EMBED_MESSAGES.configsLoadFailed}
              onRetry={() => void configs.refetch()}
            />
          ) : (
            <TestPlayersMode
              gameId={gameId}
              configs={configs.data ?? []}
              testerId={searchParams.get(TESTER_PARAM)}
              // Its own default: the config the runtime gives the test player.
              configId={searchParams.get(CONFIG_PARAM)}
              onChoose={(choice) =>
                setParams({
                  ...(choice.tester !== undefined ? { [TESTER_PARAM]: choice.tester || null } : {}),
                  ...(choice.config !== undefined ? { [CONFIG_PARAM]: choice.config || null } : {}),
                })
              }
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}

const noteIdOf = (inputId: string) => `${inputId}-note`;
const describedBy = (inputId: string, note: string | undefined) =>
  note ? `${noteIdOf(inputId)} ${hintIdOf(inputId)}` : hintIdOf(inputId);

/**
 * What the emulator made of an input it does not use as typed (a negative streak, a Today Index past the cycle),
 * said beside it instead of changing it silently. A live region, so it is heard as it appears.
 */
function InputNote({ id, note }: { id: string; note: string | undefined }) {
  return (
    <p className={styles.note} id={id} role="status">
      {note}
    </p>
  );
}
