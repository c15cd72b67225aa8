import { zodResolver } from '@hookform/resolvers/zod';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { Controller, useForm } from 'react-hook-form';
import {
  CreateGameInputSchema,
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  PLATFORMS,
  type CreateGameInput,
  type Game,
} from '@liveops/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
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
      <div className="field" role="group" aria-labelledby="platforms-label">
        <span className="field-label" id="platforms-label">
          Platforms
        </span>
        <Controller
          control={control}
          name="platforms"
          render={({ field }) => (
            <ToggleGroup.Root
              type="multiple"
              className="toggle-group"
              value={field.value}
              onValueChange={field.onChange}
              aria-label="Platforms"
            >
              {PLATFORMS.map((platform) => (
                <ToggleGroup.Item key={platform} value={platform} className="toggle">
                  {platform}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        />
        {errors.platforms ? <p className="field-error">{errors.platforms.message}</p> : null}
      </div>
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
