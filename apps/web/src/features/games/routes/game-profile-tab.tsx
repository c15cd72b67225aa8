import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { GAME_MESSAGES, ORIENTATION_LABELS, type Game } from '@liveops/domain/games';
import { ORIENTATIONS } from '@liveops/domain/layout';
import { SAVED_MESSAGE_MS } from '@liveops/domain/shared';
import { LeaveDialog } from '../../../components/leave-dialog';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { SaveBar } from '../../../components/save-bar';
import { errorIdOf } from '../../../components/ui/field';
import { useGame } from '../../../lib/api/games/get-game';
import { useUpdateGame } from '../../../lib/api/games/update-game';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { ColorField } from '../components/color-field';
import { GameDangerZone } from '../components/game-danger-zone';
import { GameFields } from '../components/game-fields';
import { PlayerRuntimePanel } from '../components/player-runtime-panel';
import { parseHexColor } from '../parse-hex-color';
import {
  draftOf,
  isChanged,
  profileChanges,
  profileDraftSchema,
  profileSaveInput,
  saveLabelOf,
  type CheckedProfile,
  type ProfileDraft,
} from '../profile-draft';
import styles from './game-profile-tab.module.css';

const ORIENTATION_ID = 'profile-orientation';

/**
 * Game Profile: the details, the orientation and the theme are one form with one save (decision 055): one PATCH
 * of what changed, stored together, then the spec's "✓ Updated" for 3 s on the save bar's line. Untouched fields
 * follow the stored game (a save in another tab or on another instance); a field being edited is kept. While
 * anything is unsaved, leaving the page asks first. The runtime's settings and the danger zone act on their own.
 */
function ProfileForm({ game }: { game: Game }) {
  const update = useUpdateGame(game.id);
  const { message: saved, show } = useTimedMessage<'saved'>();
  // What went wrong stays until the next save or Discard: there is nothing else to do about it.
  const [failure, setFailure] = useState<string | null>(null);
  const stored = JSON.stringify(draftOf(game));
  // Rebuilt only when what is stored changes, so that the form is reset from it only then.
  const values = useMemo(() => JSON.parse(stored) as ProfileDraft, [stored]);
  const form = useForm<ProfileDraft, unknown, CheckedProfile>({
    resolver: zodResolver(profileDraftSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const draft: ProfileDraft = { ...values, ...useWatch({ control }) };
  const changes = profileChanges(draft, game);
  const dirty = isChanged(changes);
  // A colour that is not one yet, or no orientation, cannot be saved: the button waits (the field says why).
  const invalid =
    !draft.orientation || parseHexColor(draft.primaryColor) === null || parseHexColor(draft.secondaryColor) === null;
  const blocker = useLeaveGuard(dirty);

  const onSubmit = handleSubmit(
    (checked) => {
      setFailure(null);
      const input = profileSaveInput(checked, changes);
      if (!input) {
        reset(undefined, { keepDirtyValues: false });
        return;
      }
      update.mutate(input, {
        onSuccess: (saved) => {
          // Both forms of "what is stored" now agree: the fields show the stored spelling ("#1A2B3C", trimmed).
          reset(draftOf(saved), { keepDirtyValues: false });
          show('saved', GAME_MESSAGES.updated, SAVED_MESSAGE_MS);
        },
        onError: (error) => setFailure(error.message || GAME_MESSAGES.updateFailed),
      });
    },
    () => setFailure(GAME_MESSAGES.profileCheckFields),
  );
  const discard = () => {
    setFailure(null);
    // Back to what was last stored (the form's defaults); the form's keepDirtyValues must not apply here.
    reset(undefined, { keepDirtyValues: false });
  };

  return (
    <Page>
      <PageHeader title={game.name} intro={game.description} />
      <FormProvider {...form}>
        <form className={`panel ${styles.profile}`} aria-labelledby="profile-heading" noValidate onSubmit={onSubmit}>
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
                <label htmlFor={ORIENTATION_ID}>Orientation</label>
              </dt>
              <dd>
                <select
                  id={ORIENTATION_ID}
                  className={`input ${styles.orientation}`}
                  aria-invalid={errors.orientation ? true : undefined}
                  aria-describedby={errors.orientation ? errorIdOf(ORIENTATION_ID) : undefined}
                  {...register('orientation')}
                >
                  <option value="">Select Orientation</option>
                  {ORIENTATIONS.map((o) => (
                    <option key={o} value={o}>
                      {ORIENTATION_LABELS[o]}
                    </option>
                  ))}
                </select>
                {errors.orientation ? (
                  <p className="field-error" id={errorIdOf(ORIENTATION_ID)}>
                    {errors.orientation.message}
                  </p>
                ) : null}
              </dd>
            </div>
          </dl>
          <section className={styles.section} aria-labelledby="details-heading">
            <h3 className={styles.title} id="details-heading">
              Game Details
            </h3>
            <GameFields idPrefix="game-details" />
          </section>
          <section className={styles.section} aria-labelledby="themes-heading">
            <h3 className={styles.title} id="themes-heading">
              Themes
            </h3>
            <div className={styles.themeRow}>
              {(['primaryColor', 'secondaryColor'] as const).map((key) => (
                <Controller
                  key={key}
                  control={control}
                  name={key}
                  render={({ field }) => (
                    <ColorField
                      id={`theme-${key}`}
                      label={key === 'primaryColor' ? 'Primary Color' : 'Secondary Color'}
                      text={field.value}
                      fallback={game.theme[key]}
                      onChange={field.onChange}
                    />
                  )}
                />
              ))}
            </div>
          </section>
          <SaveBar
            sticky
            label="Save the game profile"
            dirty={dirty}
            saving={update.isPending}
            invalid={invalid}
            dirtyLabel={saveLabelOf(changes)}
            cleanLabel={GAME_MESSAGES.saveButtonClean}
            saved={saved?.text ?? null}
            error={failure}
            onDiscard={discard}
          />
        </form>
      </FormProvider>
      <PlayerRuntimePanel game={game} />
      <GameDangerZone game={game} />
      <LeaveDialog
        blocker={blocker}
        title={GAME_MESSAGES.profileLeaveTitle}
        text={GAME_MESSAGES.profileLeaveText(game.name)}
      />
    </Page>
  );
}

export function GameProfileTab() {
  const gameId = useParams().gameId ?? '';
  const game = useGame(gameId);
  // The workspace only renders its tabs once the game has loaded.
  if (!game.data) return null;
  // Keyed by game: switching games starts with no message or draft of the previous one.
  return <ProfileForm key={game.data.id} game={game.data} />;
}
