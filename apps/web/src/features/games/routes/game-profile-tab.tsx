import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  type Game,
  type GameTheme,
  type Orientation,
} from '@liveops/domain';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useGame } from '../../../lib/api/games/get-game';
import { useUpdateGame } from '../../../lib/api/games/update-game';
import { ColorField } from '../components/color-field';
import { GameDangerZone } from '../components/game-danger-zone';
import { PlayerRuntimePanel } from '../components/player-runtime-panel';
import { detailsOf, GameDetailsForm } from '../components/game-details-form';
import { SaveRow } from '../components/save-row';
import { parseHexColor } from '../parse-hex-color';
import styles from './game-profile-tab.module.css';

const FLASH_MS = 3000;

/**
 * A value being edited and its "✓ Updated" flash for 3 s after a save. When the stored value changes to anything but what this page just
 * saved (another tab, another instance), the input resets from the stored value and the flash clears (§4).
 */
function useStoredField<T>(stored: T) {
  const storedKey = JSON.stringify(stored);
  const [value, setValue] = useState(stored);
  const [seenKey, setSeenKey] = useState(storedKey);
  const [flash, setFlash] = useState(false);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Reset from the stored value while rendering, as React advises for state derived from changing props.
  if (seenKey !== storedKey) {
    setSeenKey(storedKey);
    setValue(stored);
    if (savedKey !== storedKey) {
      setFlash(false);
      setSavedKey(null);
    }
  }
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onSaved = (next: T) => {
    setSavedKey(JSON.stringify(next));
    setFlash(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setFlash(false);
      setSavedKey(null);
    }, FLASH_MS);
  };
  return { value, setValue, flash, onSaved };
}

function ProfileForm({ game }: { game: Game }) {
  const update = useUpdateGame(game.id);
  const orientation = useStoredField<Orientation | ''>(game.orientation);
  // The theme as typed: text that may not be a colour yet (its field says so), saved once both are colours.
  const theme = useStoredField<GameTheme>(game.theme);
  const details = useStoredField(detailsOf(game));
  const [errors, setErrors] = useState<{ orientation?: string; theme?: string }>({});
  const parsedTheme = {
    primaryColor: parseHexColor(theme.value.primaryColor),
    secondaryColor: parseHexColor(theme.value.secondaryColor),
  };
  const themeValid = parsedTheme.primaryColor !== null && parsedTheme.secondaryColor !== null;
  const themeDirty =
    parsedTheme.primaryColor !== game.theme.primaryColor || parsedTheme.secondaryColor !== game.theme.secondaryColor;

  const saveOrientation = () => {
    const value = orientation.value;
    if (!value) return;
    setErrors((e) => ({ ...e, orientation: undefined }));
    update.mutate(
      { field: 'orientation', value },
      {
        onSuccess: () => orientation.onSaved(value),
        onError: (error) => setErrors((e) => ({ ...e, orientation: error.message || GAME_MESSAGES.updateFailed })),
      },
    );
  };
  const saveTheme = () => {
    const { primaryColor, secondaryColor } = parsedTheme;
    if (primaryColor === null || secondaryColor === null) return;
    setErrors((e) => ({ ...e, theme: undefined }));
    update.mutate(
      { field: 'theme', value: { primaryColor, secondaryColor } },
      {
        onSuccess: (stored) => theme.onSaved(stored.theme),
        onError: (error) => setErrors((e) => ({ ...e, theme: error.message || GAME_MESSAGES.updateFailed })),
      },
    );
  };

  return (
    <Page>
      <PageHeader title={game.name} intro={game.description} />
      <section className="panel" aria-labelledby="profile-heading">
        <h2 className="panel-title" id="profile-heading">
          Game Profile
        </h2>
        <dl className="facts">
          <div>
            <dt>Owner</dt>
            <dd>{game.owner ?? 'N/A'}</dd>
          </div>
          <div>
            <dt>
              <label htmlFor="profile-orientation">Orientation</label>
            </dt>
            <dd className={styles.inlineForm}>
              <select
                id="profile-orientation"
                className="input"
                value={orientation.value}
                onChange={(event) => orientation.setValue(event.target.value as Orientation | '')}
              >
                <option value="">Select Orientation</option>
                {ORIENTATIONS.map((o) => (
                  <option key={o} value={o}>
                    {ORIENTATION_LABELS[o]}
                  </option>
                ))}
              </select>
              <SaveRow
                label="Update"
                dirty={orientation.value !== game.orientation}
                invalid={!orientation.value}
                saving={update.isPending && update.variables?.field === 'orientation'}
                flash={orientation.flash}
                error={errors.orientation ?? null}
                onSave={saveOrientation}
                onDiscard={() => orientation.setValue(game.orientation)}
              />
            </dd>
          </div>
        </dl>
      </section>
      <PlayerRuntimePanel game={game} />
      <section className="panel" aria-labelledby="details-heading">
        <h2 className="panel-title" id="details-heading">
          Game Details
        </h2>
        {/* Keyed by the stored details: a change of them saved in another tab resets the form to it, while a
            change of anything else (the orientation, the runtime's switch or key) keeps what is being typed. */}
        <GameDetailsForm
          key={JSON.stringify(detailsOf(game))}
          game={game}
          flash={details.flash}
          onSaved={details.onSaved}
        />
      </section>
      <section className="panel" aria-labelledby="themes-heading">
        <h2 className="panel-title" id="themes-heading">
          Themes
        </h2>
        <div className={styles.themeRow}>
          {(['primaryColor', 'secondaryColor'] as const).map((key) => (
            <ColorField
              key={key}
              id={`theme-${key}`}
              label={key === 'primaryColor' ? 'Primary Color' : 'Secondary Color'}
              text={theme.value[key]}
              fallback={game.theme[key]}
              onChange={(text) => theme.setValue({ ...theme.value, [key]: text })}
            />
          ))}
        </div>
        <SaveRow
          label="Update Theme"
          dirty={themeDirty}
          invalid={!themeValid}
          saving={update.isPending && update.variables?.field === 'theme'}
          flash={theme.flash}
          error={errors.theme ?? null}
          onSave={saveTheme}
          onDiscard={() => theme.setValue(game.theme)}
        />
      </section>
      <GameDangerZone game={game} />
    </Page>
  );
}

export function GameProfileTab() {
  const gameId = useParams().gameId ?? '';
  const game = useGame(gameId);
  // The workspace only renders its tabs once the game has loaded.
  if (!game.data) return null;
  // Keyed by game: switching games starts with no flash or draft of the previous one.
  return <ProfileForm key={game.data.id} game={game.data} />;
}
