import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Info } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { segmentHint, SEGMENT_MESSAGES } from '@liveops/domain';
import {
  checkSegmentExpression,
  CreateSegmentInputSchema,
  formatProblem,
  type CreateSegmentInput,
} from '@liveops/domain/segment-expression';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useCreateSegment } from '../../../lib/api/segments/create-segment';
import { PlayerFields } from './player-fields';

/** Name, description and expression, with the spec's live hint and, beside it, the real CEL check. */
export function CreateSegmentForm({ gameId, onDone }: { gameId: string; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateSegment(gameId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitted },
  } = useForm<CreateSegmentInput>({
    resolver: zodResolver(CreateSegmentInputSchema),
    defaultValues: { name: '', description: '', expression: '' },
  });
  const expression = useWatch({ control, name: 'expression' }) ?? '';
  const hint = segmentHint(expression);
  const problem = expression.trim() ? checkSegmentExpression(expression.trim()) : null;

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (segment) => {
        toast.success(`Segment ${segment.name} created.`);
        onDone();
        void navigate(paths.segment(gameId, segment.id));
      },
    }),
  );

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-label="Create segment">
      <TextField label="Name" placeholder="Whales" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Description"
        placeholder="Players who spent over $100"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="field">
        <label className="field-label" htmlFor="segment-expression">
          Expression
        </label>
        <textarea
          id="segment-expression"
          className="input textarea code-input"
          rows={3}
          spellCheck={false}
          placeholder='player.totalSpend > 100.0 && player.country == "US"'
          aria-invalid={problem || errors.expression ? true : undefined}
          aria-describedby="segment-hint segment-check"
          {...register('expression')}
        />
        <p id="segment-hint" className={`hint ${hint === SEGMENT_MESSAGES.hintGood ? 'hint-good' : ''}`}>
          {hint === SEGMENT_MESSAGES.hintGood ? <CircleCheck size={14} aria-hidden /> : <Info size={14} aria-hidden />}
          {hint}
        </p>
        <p id="segment-check" className="field-error" role={problem ? 'alert' : undefined}>
          {problem ? formatProblem(problem) : isSubmitted ? errors.expression?.message : null}
        </p>
        <PlayerFields />
      </div>
      {create.isError ? <Alert tone="error">{create.error.message || 'Could not create the segment.'}</Alert> : null}
      <div className="dialog-actions">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create Segment
        </Button>
      </div>
    </form>
  );
}
