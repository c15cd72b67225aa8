import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  GrantPackFormSchema,
  PLAYER_MESSAGES,
  ResetProgressFormSchema,
  SetStreakFormSchema,
  SUPPORT_ACTION_LABELS,
  SUPPORT_REASON_MAX,
  SUPPORT_STREAK_MAX,
  type SupportActionKind,
} from '@liveops/domain/players';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateSupportAction } from '../api/create-support-action';

/** What the dialog offers to act on: the player's daily rewards, or the game's packs. */
export type SupportChoice = { id: string; name: string };

type FormValues = { reason: string; configId: string; packId: string; streak: number };

const SCHEMAS = {
  reset_progress: ResetProgressFormSchema,
  grant_pack: GrantPackFormSchema,
  set_streak: SetStreakFormSchema,
} as const;

const INTRO: Record<SupportActionKind, string> = {
  reset_progress:
    'Their next claim of this daily reward is day 1 with a streak of 1. Nothing they were granted is taken back. If they already claimed today, it starts at their next day.',
  grant_pack: 'Adds the pack’s items to their balances now, with an entry in their ledger.',
  set_streak:
    'Their streak becomes this number of days in a row, and their next claim continues from it (streak + 1, on the matching day of the cycle). If they already claimed today, today counts as its last day.',
};

/**
 * One support action on a player (decision 043), in a dialog: what it acts on, and the reason, which is required
 * and kept with the player. The Idempotency-Key is made when the dialog opens, so a double click acts once.
 */
export function SupportActionDialog({
  gameId,
  playerId,
  kind,
  choices,
  initialTarget,
  initialStreak = 0,
  onClose,
}: {
  gameId: string;
  playerId: string;
  kind: SupportActionKind;
  choices: SupportChoice[];
  initialTarget?: string | undefined;
  initialStreak?: number;
  onClose: () => void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const act = useCreateSupportAction(gameId, playerId);
  const targetField = kind === 'grant_pack' ? 'packId' : 'configId';
  const target = initialTarget ?? choices[0]?.id ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({
    // Only this action's fields: the domain's schema of it is strict, as the server's is.
    defaultValues:
      kind === 'grant_pack'
        ? { reason: '', packId: target }
        : kind === 'reset_progress'
          ? { reason: '', configId: target }
          : { reason: '', configId: target, streak: initialStreak },
    resolver: zodResolver(SCHEMAS[kind]) as unknown as Resolver<FormValues>,
  });
  const reasonId = useId();
  const targetId = useId();

  const onSubmit = handleSubmit(async (form) => {
    const input =
      kind === 'grant_pack'
        ? { kind, reason: form.reason, packId: form.packId }
        : kind === 'reset_progress'
          ? { kind, reason: form.reason, configId: form.configId }
          : { kind, reason: form.reason, configId: form.configId, streak: form.streak };
    const done = await act.mutateAsync({ input, idempotencyKey }).catch(() => null);
    if (!done) return;
    const name = choices.find((c) => c.id === form[targetField])?.name ?? '';
    toast.success(
      kind === 'grant_pack'
        ? `Granted ${name} to ${playerId}.`
        : kind === 'reset_progress'
          ? `Reset ${playerId}’s progress in ${name}.`
          : `Set ${playerId}’s streak in ${name} to ${form.streak}.`,
    );
    onClose();
  });

  const failure = act.error instanceof ApiError && act.error.message ? act.error.message : PLAYER_MESSAGES.actionFailed;
  const label = SUPPORT_ACTION_LABELS[kind];

  return (
    <FormDialog title={`${label}: ${playerId}`} open={true} onOpenChange={(open) => !open && onClose()}>
      <form className="stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="muted">{INTRO[kind]}</p>
        <Field
          label={kind === 'grant_pack' ? 'Pack' : 'Daily reward'}
          htmlFor={targetId}
          error={errors[targetField]?.message}
        >
          <select
            id={targetId}
            className="input"
            aria-invalid={errors[targetField] ? true : undefined}
            aria-describedby={errors[targetField] ? errorIdOf(targetId) : undefined}
            {...register(targetField)}
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'set_streak' ? (
          <TextField
            label="Streak (days in a row)"
            type="number"
            inputMode="numeric"
            min={0}
            max={SUPPORT_STREAK_MAX}
            step={1}
            error={errors.streak?.message}
            {...register('streak', { valueAsNumber: true })}
          />
        ) : null}
        <Field
          label="Reason"
          htmlFor={reasonId}
          error={errors.reason?.message}
          hint="Required. Kept with the player, with your email and the time."
        >
          <textarea
            id={reasonId}
            className="input textarea"
            rows={3}
            maxLength={SUPPORT_REASON_MAX + 50}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? errorIdOf(reasonId) : undefined}
            {...register('reason')}
          />
        </Field>
        {act.isError ? <Alert tone="error">{failure}</Alert> : null}
        <div className="dialog-actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={act.isPending}>
            {label}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
