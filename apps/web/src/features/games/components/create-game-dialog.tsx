import { zodResolver } from '@hookform/resolvers/zod';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  CreateGameInputSchema,
  GAME_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  PLATFORMS,
  type CreateGameInput,
} from '@liveops/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCreateGame } from '../api/create-game';

const EMPTY: CreateGameInput = { name: '', description: '', platforms: [], orientation: 'portrait' };

/** The fixed "+ Create New Game" button and its modal. Unlike the spec's silent failure, a failure is shown. */
export function CreateGameDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const createGame = useCreateGame();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateGameInput>({ resolver: zodResolver(CreateGameInputSchema), defaultValues: EMPTY });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset(EMPTY);
      createGame.reset();
    }
  };

  const onSubmit = handleSubmit((input) =>
    createGame.mutate(input, {
      onSuccess: (game) => {
        onOpenChange(false);
        toast.success(`${game.name} is ready.`, {
          action: { label: 'Open', onClick: () => void navigate(`/dashboard/game/${game.id}`) },
        });
      },
    }),
  );

  return (
    <FormDialog
      title="Create New Game"
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button className="fab">+ Create New Game</Button>}
    >
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
        {createGame.isError ? (
          <Alert tone="error">{createGame.error.message || GAME_MESSAGES.createFailed}</Alert>
        ) : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={createGame.isPending}>
            Create Game
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
