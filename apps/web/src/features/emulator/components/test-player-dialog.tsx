import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  clockOffsetOf,
  clockOffsetParts,
  formatClockOffset,
  TEST_PLAYER_MESSAGES,
  TEST_PLAYER_OFFSET_MAX_DAYS,
  TestPlayerFormSchema,
  type TestPlayer,
  type TestPlayerForm,
} from '@liveops/domain/players';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateTestPlayer } from '../../../lib/api/test-players/create-test-player';
import { useUpdateTestPlayer } from '../../../lib/api/test-players/update-test-player';
import styles from './test-players.module.css';

const defaults = (tester: TestPlayer | null): TestPlayerForm =>
  tester
    ? { playerId: tester.playerId, ...clockOffsetParts(tester.clockOffsetMs), note: tester.note }
    : { playerId: '', days: 0, hours: 0, minutes: 0, note: '' };

/**
 * Adding a test player (tester null) or editing one: the game's player id, the clock offset as days, hours and
 * minutes (each may be negative; at most a year in all), and a note. The offset is shown as it will read.
 */
export function TestPlayerDialog({
  gameId,
  tester,
  onClose,
}: {
  gameId: string;
  tester: TestPlayer | null;
  onClose: () => void;
}) {
  const create = useCreateTestPlayer(gameId);
  const update = useUpdateTestPlayer(gameId);
  const save = tester ? update : create;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TestPlayerForm>({ resolver: zodResolver(TestPlayerFormSchema), defaultValues: defaults(tester) });
  const [days, hours, minutes] = useWatch({ control, name: ['days', 'hours', 'minutes'] });
  const typed = [days, hours, minutes].every((n) => Number.isInteger(n))
    ? clockOffsetOf({ days, hours, minutes })
    : null;

  const onSubmit = handleSubmit(async (form) => {
    const input = { playerId: form.playerId, clockOffsetMs: clockOffsetOf(form), note: form.note };
    const saved = await (
      tester ? update.mutateAsync({ testPlayerId: tester.id, input }) : create.mutateAsync(input)
    ).catch(() => null);
    if (!saved) return;
    toast.success(`${saved.playerId} saved: ${formatClockOffset(saved.clockOffsetMs)}.`);
    onClose();
  });

  const failure =
    save.error instanceof ApiError && save.error.message ? save.error.message : TEST_PLAYER_MESSAGES.saveFailed;

  return (
    <FormDialog
      title={tester ? 'Edit test player' : 'Add test player'}
      open={true}
      onOpenChange={(open) => !open && onClose()}
    >
      <form className="stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Player id"
          hint="Your game’s own id for the player, as it signs them in."
          placeholder="qa-anna"
          autoComplete="off"
          spellCheck={false}
          error={errors.playerId?.message}
          {...register('playerId')}
        />
        <fieldset className={styles.offsetField}>
          <legend className="field-label">Clock offset</legend>
          <div className={styles.offsetInputs}>
            <TextField
              label="Days"
              type="number"
              inputMode="numeric"
              step={1}
              min={-TEST_PLAYER_OFFSET_MAX_DAYS}
              max={TEST_PLAYER_OFFSET_MAX_DAYS}
              error={errors.days?.message}
              {...register('days', { valueAsNumber: true })}
            />
            <TextField
              label="Hours"
              type="number"
              inputMode="numeric"
              step={1}
              error={errors.hours?.message}
              {...register('hours', { valueAsNumber: true })}
            />
            <TextField
              label="Minutes"
              type="number"
              inputMode="numeric"
              step={1}
              error={errors.minutes?.message}
              {...register('minutes', { valueAsNumber: true })}
            />
          </div>
          <p className="hint" role="status">
            {typed === null
              ? 'Whole numbers; negative ones put the clock behind.'
              : `Their clock: ${formatClockOffset(typed)} from the server’s. At most ${TEST_PLAYER_OFFSET_MAX_DAYS} days either way.`}
          </p>
        </fieldset>
        <TextField label="Note" placeholder="Anna’s test phone" error={errors.note?.message} {...register('note')} />
        {save.isError ? <Alert tone="error">{failure}</Alert> : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tester ? 'Save test player' : 'Add test player'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
