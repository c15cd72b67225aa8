import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import {
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  type Game,
  type GameTheme,
  type Orientation,
} from '@liveops/domain';
import { Button } from '../../../components/ui/button';
import { useGame } from '../../../lib/api/games/get-game';
import { useUpdateGame } from '../../../lib/api/games/update-game';
import { GameDangerZone } from '../components/game-danger-zone';
import { GameDetailsForm } from '../components/game-details-form';
import { SdkKey } from '../components/sdk-key';

const FLASH_MS = 3000;

/**
 * A "✓ Updated" flash for 3 s after a save. When the stored value changes to anything but what this page just
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

function Flash({ show }: { show: boolean }) {
  return show ? (
    <span className="flash" role="status">
      {GAME_MESSAGES.updated}
    </span>
  ) : null;
}

function ProfileForm({ game }: { game: Game }) {
  const update = useUpdateGame(game.id);
  const orientation = useStoredField<Orientation | ''>(game.orientation);
  const theme = useStoredField<GameTheme>(game.theme);
  const failed = () => toast.error(GAME_MESSAGES.updateFailed);

  const saveOrientation = () => {
    const value = orientation.value;
    if (!value) return;
    update.mutate({ field: 'orientation', value }, { onSuccess: () => orientation.onSaved(value), onError: failed });
  };
  const saveTheme = () => {
    const value = theme.value;
    update.mutate({ field: 'theme', value }, { onSuccess: (stored) => theme.onSaved(stored.theme), onError: failed });
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1 className="page-title">{game.name}</h1>
        <p className="muted">{game.description}</p>
      </div>
      <section className="panel" aria-labelledby="profile-heading">
        <h2 className="panel-title" id="profile-heading">
          Game Profile
        </h2>
        <dl className="facts">
          <div>
            <dt>SDK key</dt>
            <dd>
              <SdkKey value={game.sdkKey} />
            </dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{game.owner ?? 'N/A'}</dd>
          </div>
          <div>
            <dt>
              <label htmlFor="profile-orientation">Orientation</label>
            </dt>
            <dd className="inline-form">
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
              <Button
                type="button"
                onClick={saveOrientation}
                disabled={!orientation.value}
                loading={update.isPending && update.variables?.field === 'orientation'}
              >
                Update
              </Button>
              <Flash show={orientation.flash} />
            </dd>
          </div>
        </dl>
      </section>
      <section className="panel" aria-labelledby="details-heading">
        <h2 className="panel-title" id="details-heading">
          Game Details
        </h2>
        {/* Keyed by what is stored: a change saved in another tab resets the form to it. */}
        <GameDetailsForm key={game.updatedAt} game={game} />
      </section>
      <section className="panel" aria-labelledby="themes-heading">
        <h2 className="panel-title" id="themes-heading">
          Themes
        </h2>
        <div className="theme-row">
          {(['primaryColor', 'secondaryColor'] as const).map((key) => (
            <div className="field" key={key}>
              <label className="field-label" htmlFor={`theme-${key}`}>
                {key === 'primaryColor' ? 'Primary Color' : 'Secondary Color'}
              </label>
              <span className="color-field">
                <input
                  id={`theme-${key}`}
                  type="color"
                  className="color-input"
                  value={theme.value[key].toLowerCase()}
                  onChange={(event) => theme.setValue({ ...theme.value, [key]: event.target.value.toUpperCase() })}
                />
                <code>{theme.value[key]}</code>
              </span>
            </div>
          ))}
        </div>
        <div className="inline-form">
          <Button type="button" onClick={saveTheme} loading={update.isPending && update.variables?.field === 'theme'}>
            Update Theme
          </Button>
          <Flash show={theme.flash} />
        </div>
      </section>
      <GameDangerZone game={game} />
    </div>
  );
}

export function GameProfileTab() {
  const gameId = useParams().gameId ?? '';
  const game = useGame(gameId);
  // The workspace only renders its tabs once the game has loaded.
  if (!game.data) return null;
  return <ProfileForm game={game.data} />;
}
