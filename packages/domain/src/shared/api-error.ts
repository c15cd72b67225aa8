import { z } from 'zod';

/** The one error shape every /api route answers with (Better Auth uses the same fields). */
export const ApiErrorBodySchema = z.object({
  code: z.string().optional(),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
