import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  segmentHint,
  SEGMENT_MESSAGES,
  type CustomAttribute,
  type Segment,
  checkSegmentExpression,
  formatProblem,
  segmentInputSchemaFor,
  type CreateSegmentInput,
} from '@liveops/domain/segments';
import { SAVED_MESSAGE_MS } from '@liveops/domain/shared';
import { SaveBar } from '../../../components/save-bar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useCustomAttributes } from '../../../lib/api/custom-attributes/get-custom-attributes';
import { useCreateSegment } from '../../../lib/api/segments/create-segment';
import { useUpdateSegment } from '../../../lib/api/segments/update-segment';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { AudienceEstimate } from './audience-estimate';
import { PlayerFields } from './player-fields';
import segmentStyles from '../segments.module.css';
import styles from './segment-form.module.css';

const NO_ATTRIBUTES: CustomAttribute[] = [];
const EMPTY: CreateSegmentInput = { name: '', description: '', expression: '' };

/**
 * Name, description and expression, with the spec's live hint and, beside it, the real CEL check (with the game's
 * custom attributes): a new segment, or (given `segment`) an edit of one under the same rules. An edit ends in the
 * app's save bar (decision 055): its line says the segment saved, for 3 s, or what went wrong; untouched fields
 * follow what is stored (a save in another tab), a field being edited is kept.
 */
export function SegmentForm({ gameId, segment, onDone }: { gameId: string; segment?: Segment; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateSegment(gameId);
  const update = useUpdateSegment(gameId);
  // Until the game's custom attributes are known, an expression over them cannot be checked: nothing is said yet
  // (if they cannot be loaded, the built-in fields are checked here and the server checks the rest).
  const customAttributes = useCustomAttributes(gameId);
  const declared = customAttributes.data ?? (customAttributes.isError ? NO_ATTRIBUTES : undefined);
  const schema = useMemo(() => segmentInputSchemaFor(declared ?? NO_ATTRIBUTES), [declared]);
  const idOf = (field: string) => `segment-${segment ? `edit-${segment.id}` : 'new'}-${field}`;
  const { name, description, expression: storedExpression } = segment ?? EMPTY;
  const stored = useMemo(
    () => ({ name, description, expression: storedExpression }),
    [name, description, storedExpression],
  );
  const { message: saved, show } = useTimedMessage<'saved'>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitted, isDirty },
  } = useForm<CreateSegmentInput>({
    resolver: zodResolver(schema),
    ...(segment ? { values: stored, resetOptions: { keepDirtyValues: true } } : { defaultValues: EMPTY }),
  });
  const expression = useWatch({ control, name: 'expression' });
  const hint = segmentHint(expression);
  const problem = expression.trim() && declared ? checkSegmentExpression(expression.trim(), declared) : null;

  // Awaited rather than given as mutate's callbacks: a created segment closes this form, and callbacks of an
  // unmounted component's mutate never run.
  const onSubmit = handleSubmit(async (input) => {
    if (segment) {
      setFailure(null);
      const answer = await update
        .mutateAsync({ segmentId: segment.id, input })
        .catch((error: Error) => void setFailure(error.message || SEGMENT_MESSAGES.updateFailed));
      if (!answer) return;
      reset(
        { name: answer.name, description: answer.description, expression: answer.expression },
        { keepDirtyValues: false },
      );
      show('saved', SEGMENT_MESSAGES.updated(answer.name), SAVED_MESSAGE_MS);
      onDone();
      return;
    }
    const created = await create.mutateAsync(input).catch(() => null);
    if (!created) return;
    toast.success(`Segment ${created.name} created.`);
    onDone();
    void navigate(paths.segment(gameId, created.id));
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label={segment ? 'Edit segment' : 'Create segment'}>
      <TextField label="Name" placeholder="Whales" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Description"
        placeholder="Players who spent over $100"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="field">
        <label className="field-label" htmlFor={idOf('expression')}>
          Expression
        </label>
        <textarea
          id={idOf('expression')}
          className={`input textarea ${segmentStyles.codeInput}`}
          rows={3}
          spellCheck={false}
          placeholder='player.totalSpend > 100.0 && player.country == "US"'
          aria-invalid={problem || errors.expression ? true : undefined}
          aria-describedby={problem ? idOf('check') : `${idOf('hint')} ${idOf('check')}`}
          {...register('expression')}
        />
        {/* The spec's hint only looks for an operator: beside an error the real check found it would say the
            opposite of the error, so it shows only while the expression also checks out. */}
        {problem ? null : (
          <p id={idOf('hint')} className={`hint ${hint === SEGMENT_MESSAGES.hintGood ? styles.hintGood : ''}`}>
            {hint === SEGMENT_MESSAGES.hintGood ? (
              <CircleCheck size={14} aria-hidden />
            ) : (
              <Info size={14} aria-hidden />
            )}
            {hint}
          </p>
        )}
        <p id={idOf('check')} className="field-error" role={problem ? 'alert' : undefined}>
          {problem ? formatProblem(problem) : isSubmitted ? errors.expression?.message : null}
        </p>
        <AudienceEstimate gameId={gameId} expression={expression.trim()} disabled={!declared || problem !== null} />
        <PlayerFields customAttributes={declared} />
      </div>
      {segment ? (
        <SaveBar
          label={`Save ${segment.name}`}
          dirty={isDirty}
          saving={update.isPending}
          invalid={!declared}
          dirtyLabel={SEGMENT_MESSAGES.saveButtonDirty}
          cleanLabel={SEGMENT_MESSAGES.saveButtonClean}
          saved={saved?.text ?? null}
          error={failure}
          onDiscard={() => {
            setFailure(null);
            // Back to what was last stored (the form's defaults); the form's keepDirtyValues must not apply here.
            reset(undefined, { keepDirtyValues: false });
          }}
        />
      ) : (
        <>
          {create.isError ? (
            <Alert tone="error">{create.error.message || 'Could not create the segment.'}</Alert>
          ) : null}
          <div className="dialog-actions">
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!declared}>
              Create Segment
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
