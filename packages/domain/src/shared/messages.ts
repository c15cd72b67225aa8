/** User-facing texts every area shares: the API's refusals and the save feedback. */
import { AUTH_MESSAGES } from '../accounts/messages';

/**
 * How long a save's success line shows beside its button (the spec's "save success message 3 s", the "✓ Updated"
 * flash 3 s): the one feedback pattern of decision 055.
 */
export const SAVED_MESSAGE_MS = 3000;

export const API_MESSAGES = {
  notSignedIn: 'You must be signed in.',
  emailNotVerified: AUTH_MESSAGES.emailNotVerified,
  malformedJson: 'The request body is not valid JSON.',
  jsonRequired: 'The request body must be JSON (Content-Type: application/json).',
  bodyTooLarge: 'The request body is too large.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  untrustedOrigin: 'This request must come from the dashboard itself (its Origin is missing or not trusted).',
  unstorableValue: 'The request holds a value that cannot be stored.',
  unavailable: 'The server cannot take this on right now. Please try again in a moment.',
} as const;
