import { LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { openEventStream as openStream } from '@liveops/testing/event-stream';
import type { TestClient } from './test-client';

export type { StreamEvent } from '@liveops/testing/event-stream';

/** Opens the live-updates stream with the client's session, as a browser's EventSource would. */
export function openEventStream(client: TestClient) {
  return openStream(new URL(LIVE_UPDATES_PATH, client.baseUrl), { cookie: client.cookieHeader() });
}
