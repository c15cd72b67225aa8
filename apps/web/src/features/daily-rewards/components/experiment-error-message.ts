import { ApiError } from '../../../lib/api-client';

const FAILED = 'The experiment could not be saved. Please try again.';

/** The server's words for an experiment's failed change, else `fallback`. */
export const experimentErrorMessage = (error: unknown, fallback = FAILED) =>
  error instanceof ApiError && error.message ? error.message : fallback;
