import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { GAME_MESSAGES, UpdateGameInputSchema, type Game, type UpdateGameInput } from '@liveops/domain';
import { errorIdOf, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateGameDetails } from '../../../lib/api/games/update-game-details';
import { PlatformsField } from './platforms-field';
import { SaveRow } from './save-row';

export const detailsOf = (game: Game): UpdateGameInput => ({
  name: game.name,
  description: game.description,
  platforms: [...game.platforms],
});

/**
 * The game's name, description and platforms, under creation's rules. The caller keys it by the stored game, so a
 * change saved elsewhere (another tab) resets it to what is stored, and keeps the "✓ Updated" flash (`flash`,
 * started by `onSaved`), which must outlive the re-keyed form.
 */
export function GameDetailsForm({
  game,
  flash,
  onSaved,
}: {
  game: Game;
  flash: boolean;
  onSaved: (saved: UpdateGameInput) => void;
}) {
  const update = useUpdateGameDetails(game.id);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateGameInput>({ resolver: zodResolver(UpdateGameInputSchema), defaultValues: detailsOf(game) });
  // Awaited rather than given as mutate's callbacks: the saved game re-keys this form, and callbacks of an
  // unmounted component's mutate never run.
  const onSubmit = handleSubmit(async (input) => {
    const saved = await update.mutateAsync(input).catch(() => null);
    if (!saved) return;
    reset(detailsOf(saved));
    onSaved(detailsOf(saved));
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label="Game details">
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <Field label="Description" htmlFor="game-details-description" error={errors.description?.message}>
        <textarea
          id="game-details-description"
          aria-describedby={errors.description ? errorIdOf('game-details-description') : undefined}
          className="input textarea"
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
      </Field>
      <Controller
        control={control}
        name="platforms"
        render={({ field }) => (
          <PlatformsField
            id="game-details-platforms"
            value={field.value}
            onChange={field.onChange}
            error={errors.platforms?.message}
          />
        )}
      />
      <SaveRow
        label="Update Details"
        dirty={isDirty}
        saving={update.isPending}
        flash={flash}
        error={update.isError ? update.error.message || GAME_MESSAGES.updateFailed : null}
        onDiscard={() => reset(detailsOf(game))}
      />
    </form>
  );
}
