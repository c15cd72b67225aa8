import {
  type PublishEvent,
  PublishEventSchema,
  type PublishInput,
  type PublishProblem,
  PublishProblemSchema,
  type Release,
} from '@liveops/domain/releases';
import { ApiError } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/** A publish the server refused because configs could not show a proper popup (422, decision 029). */
export class PublishRefused extends ApiError {
  constructor(
    code: string | undefined,
    message: string,
    readonly problems: PublishProblem[],
  ) {
    super(422, code, message);
  }
}

/**
 * Publishes the daily rewards of a game (all but those `input.leaveOut` names, with `input.note`). The server answers a line per event (application/x-ndjson): each is
 * handed to `onEvent` as it arrives, so the modal shows progress per config. Resolves with the live release;
 * rejects with an ApiError carrying the server's message (a refusal before the publish starts, or its failure).
 */
export async function publishGame(
  gameId: string,
  onEvent: (event: PublishEvent) => void,
  input: PublishInput = {},
): Promise<Release> {
  const path = apiPath(apiRoutes.games[':gameId'].releases, { gameId });
  const response = await fetch(path, {
    method: 'POST',
    headers: { accept: 'application/x-ndjson, application/json', 'content-type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('ndjson')) {
    // A refusal before the publish starts is an ordinary JSON error with the server's message.
    const text = await response.text();
    let body: { code?: unknown; message?: unknown; problems?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not our JSON (a proxy's page): the status alone.
    }
    const message = typeof body.message === 'string' && body.message ? body.message : '';
    const problems = PublishProblemSchema.array().safeParse(body.problems);
    if (response.status === 422 && problems.success) {
      throw new PublishRefused(typeof body.code === 'string' ? body.code : undefined, message, problems.data);
    }
    throw new ApiError(response.status, typeof body.code === 'string' ? body.code : undefined, message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let outcome: PublishEvent | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (!line) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const parsed = PublishEventSchema.safeParse(json);
      if (!parsed.success) continue;
      onEvent(parsed.data);
      if (parsed.data.type === 'done' || parsed.data.type === 'failed') outcome = parsed.data;
    }
    if (done) break;
  }
  if (outcome?.type === 'done') return outcome.release;
  if (outcome?.type === 'failed') throw new ApiError(502, outcome.code, outcome.message);
  throw new ApiError(
    502,
    undefined,
    'The connection closed before publishing finished. Reopen this window to see the outcome.',
  );
}
