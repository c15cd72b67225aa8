import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CreateGameInputSchema,
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  type CreateGameInput,
  type Game,
} from '@liveops/domain/games';
import { ORIENTATIONS } from '@liveops/domain/layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { GameFields } from './game-fields';
import { useCreateGame } from '../../../lib/api/games/create-game';

const EMPTY: CreateGameInput = { name: '', description: '', platforms: [], orientation: 'portrait' };

/** The "Create New Game" form. It lives only while its dialog is open, so every opening starts empty. */
export function CreateGameForm({ onCreated, onCancel }: { onCreated: (game: Game) => void; onCancel: () => void }) {
  const createGame = useCreateGame();
  const form = useForm<CreateGameInput>({ resolver: zodResolver(CreateGameInputSchema), defaultValues: EMPTY });
  const { register, handleSubmit } = form;
  const onSubmit = handleSubmit((input) => createGame.mutate(input, { onSuccess: onCreated }));

  return (
    <FormProvider {...form}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <GameFields idPrefix="game" examples />
        <Field label="Orientation" htmlFor="game-orientation">
          <select id="game-orientation" className="input" {...register('orientation')}>
            {ORIENTATIONS.map((orientation) => (
              <option key={orientation} value={orientation}>
                {ORIENTATION_LABELS[orientation]}
              </option>
            ))}
          </select>
        </Field>
        {createGame.isError ? (
          <Alert tone="error">{createGame.error.message || GAME_MESSAGES.createFailed}</Alert>
        ) : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={createGame.isPending}>
            Create Game
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
