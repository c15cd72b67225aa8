import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { GAME_MESSAGES, GameDetailsInputSchema, type Game, type GameDetailsInput } from '@liveops/domain';
import { useUpdateGameDetails } from '../../../lib/api/games/update-game-details';
import { GameFields } from './game-fields';
import { SaveRow } from './save-row';

export const detailsOf = (game: Game): GameDetailsInput => ({
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
  onSaved: (saved: GameDetailsInput) => void;
}) {
  const update = useUpdateGameDetails(game.id);
  const form = useForm<GameDetailsInput>({
    resolver: zodResolver(GameDetailsInputSchema),
    defaultValues: detailsOf(game),
  });
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;
  // Awaited rather than given as mutate's callbacks: the saved game re-keys this form, and callbacks of an
  // unmounted component's mutate never run.
  const onSubmit = handleSubmit(async (input) => {
    const saved = await update.mutateAsync(input).catch(() => null);
    if (!saved) return;
    reset(detailsOf(saved));
    onSaved(detailsOf(saved));
  });

  return (
    <FormProvider {...form}>
      <form className="stack" noValidate onSubmit={onSubmit} aria-label="Game details">
        <GameFields idPrefix="game-details" />
        <SaveRow
          label="Update Details"
          dirty={isDirty}
          saving={update.isPending}
          flash={flash}
          error={update.isError ? update.error.message || GAME_MESSAGES.updateFailed : null}
          onDiscard={() => reset(detailsOf(game))}
        />
      </form>
    </FormProvider>
  );
}
