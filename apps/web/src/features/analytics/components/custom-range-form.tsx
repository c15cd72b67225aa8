import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AnalyticsQuerySchema } from '@liveops/domain/analytics';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import styles from './analytics.module.css';

/** A custom range as the form checks it: both days, and a range the server accepts. */
const CustomRangeSchema = z
  .object({
    from: z.string().min(1, 'Choose the first day.'),
    to: z.string().min(1, 'Choose the last day.'),
  })
  .superRefine((range, context) => {
    const parsed = AnalyticsQuerySchema.safeParse(range);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
export type CustomRange = z.infer<typeof CustomRangeSchema>;

/** The range the address names, when it is one the form would accept; else null. */
export function validCustom(from: string | null, to: string | null): { from: string; to: string } | null {
  if (!from || !to) return null;
  return CustomRangeSchema.safeParse({ from, to }).success ? { from, to } : null;
}

/** The first and last day of a custom range, applied together. */
export function CustomRangeForm({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (range: CustomRange) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CustomRange>({ resolver: zodResolver(CustomRangeSchema), defaultValues: { from, to } });
  return (
    <form
      className={styles.customRange}
      noValidate
      aria-label="Custom range"
      onSubmit={(event) => void handleSubmit(onApply)(event)}
    >
      <TextField label="From" type="date" error={errors.from?.message} {...register('from')} />
      <TextField label="To" type="date" error={errors.to?.message} {...register('to')} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
