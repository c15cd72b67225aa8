import { Controller, useFormContext } from 'react-hook-form';
import type { CreateGameInput } from '@liveops/domain/games';
import { errorIdOf, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { PlatformsField } from './platforms-field';

type GameFieldValues = Pick<CreateGameInput, 'name' | 'description' | 'platforms'>;

/**
 * A game's name, description and platforms, as creating a game and the profile's Game Details ask for them (under
 * the same rules). Reads the surrounding form (FormProvider); `idPrefix` keeps two forms' ids apart, and a new
 * game's form shows examples as placeholders.
 */
export function GameFields({ idPrefix, examples = false }: { idPrefix: string; examples?: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<GameFieldValues>();
  const descriptionId = `${idPrefix}-description`;
  return (
    <>
      <TextField
        label="Name"
        placeholder={examples ? 'Star Miner' : undefined}
        error={errors.name?.message}
        {...register('name')}
      />
      <Field label="Description" htmlFor={descriptionId} error={errors.description?.message}>
        <textarea
          id={descriptionId}
          aria-describedby={errors.description ? errorIdOf(descriptionId) : undefined}
          className="input textarea"
          rows={3}
          placeholder={examples ? 'What is the game about?' : undefined}
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
      </Field>
      <Controller
        control={control}
        name="platforms"
        render={({ field }) => (
          <PlatformsField
            id={`${idPrefix}-platforms`}
            value={field.value}
            onChange={field.onChange}
            error={errors.platforms?.message}
          />
        )}
      />
    </>
  );
}
