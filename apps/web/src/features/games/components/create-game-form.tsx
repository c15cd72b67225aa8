import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  CreateGameInputSchema,
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  type CreateGameInput,
  type Game,
} from '@liveops/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { PlatformsField } from './platforms-field';
import { useCreateGame } from '../../../lib/api/games/create-game';

const EMPTY: CreateGameInput = { name: '', description: '', platforms: [], orientation: 'portrait' };

/** The "Create New Game" form. It lives only while its dialog is open, so every opening starts empty. */
export function CreateGameForm({ onCreated, onCancel }: { onCreated: (game: Game) => void; onCancel: () => void }) {
  const createGame = useCreateGame();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateGameInput>({ resolver: zodResolver(CreateGameInputSchema), defaultValues: EMPTY });
  const onSubmit = handleSubmit((input) => createGame.mutate(input, { onSuccess: onCreated }));

  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <TextField label="Name" placeholder="Star Miner" error={errors.name?.message} {...register('name')} />
      <Field label="Description" htmlFor="game-description" error={errors.description?.message}>
        <textarea
          id="game-description"
          aria-describedby={errors.description ? errorIdOf('game-description') : undefined}
          className="input textarea"
          rows={3}
          placeholder="What is the game about?"
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
      </Field>
      <Controller
        control={control}
        name="platforms"
        render={({ field }) => (
          <PlatformsField
            id="platforms-label"
            value={field.value}
            onChange={field.onChange}
            error={errors.platforms?.message}
          />
        )}
      />
      <Field label="Orientation" htmlFor="game-orientation">
        <select id="game-orientation" className="input" {...register('orientation')}>
          {ORIENTATIONS.map((orientation) => (
            <option key={orientation} value={orientation}>
              {ORIENTATION_LABELS[orientation]}
            </option>
          ))}
        </select>
      </Field>
      {createGame.isError ? <Alert tone="error">{createGame.error.message || GAME_MESSAGES.createFailed}</Alert> : null}
      <div className="dialog-actions">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={createGame.isPending}>
          Create Game
        </Button>
      </div>
    </form>
  );
}
