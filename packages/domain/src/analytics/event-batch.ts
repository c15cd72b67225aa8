import { z } from 'zod';
import { hasBidiControl, hasForbiddenCharacters } from '../shared/text';
import { analyticsDay, type AnalyticsEvent, CLIENT_EVENT_TYPES } from './analytics-event';

/** What a game sends, `POST /v1/events` (decision 042): the batch's bounds, its schema, its messages. */

export const EVENT_BATCH_MAX_EVENTS = 100;
/** One event, as JSON in UTF-8. */
export const EVENT_MAX_BYTES = 2048;
/** The largest body `POST /v1/events` reads: a full batch of the largest events and its envelope. */
export const EVENT_BATCH_MAX_BYTES = EVENT_BATCH_MAX_EVENTS * (EVENT_MAX_BYTES + 1) + 1024;
export const EVENT_ID_MAX = 64;
export const EVENT_CONFIG_ID_MAX = 64;
export const EVENT_PROPERTIES_MAX = 20;
export const EVENT_PROPERTY_KEY_MAX = 40;
export const EVENT_PROPERTY_VALUE_MAX = 256;
/** The earliest client time taken: 2020-01-01T00:00:00Z. */
export const EVENT_CLIENT_TIME_MIN = Date.UTC(2020, 0, 1);
/** How far ahead of the server's clock a client's time may be: a day (a wrong device clock, not a forgery). */
export const EVENT_CLIENT_TIME_MAX_AHEAD_MS = 86_400_000;

export const ANALYTICS_MESSAGES = {
  batchInvalid: 'Send a JSON object { "events": [ … ] } with 1 to 100 events.',
  batchEmpty: 'Send at least one event.',
  batchTooLarge: `A batch holds at most ${EVENT_BATCH_MAX_EVENTS} events: send the rest in another batch.`,
  eventInvalid: 'Each event is an object { id, type, configId, clientTime } with optional properties.',
  eventUnknownFields: (fields: readonly string[]) =>
    `An event takes no ${fields.map((field) => `“${field}”`).join(', ')}: only id, type, configId, clientTime and properties (the player is the session token’s, the variant the server’s).`,
  eventTooLarge: `An event is at most ${EVENT_MAX_BYTES} bytes as JSON: send fewer or shorter properties.`,
  eventIdInvalid: `An event id is 1 to ${EVENT_ID_MAX} letters, digits, “-”, “_”, “.” or “:”, unique for the player (a UUID will do).`,
  typeUnknown: `Unknown event type: send one of ${CLIENT_EVENT_TYPES.map((type) => `“${type}”`).join(', ')}.`,
  typeServerOnly: (type: string) =>
    `“${type}” events are recorded by the server itself (claims and sessions): a game does not send them.`,
  configIdInvalid: `Send the configId of the daily reward the popup showed (1 to ${EVENT_CONFIG_ID_MAX} characters).`,
  clientTimeInvalid: 'clientTime is the device’s time in milliseconds since 1970-01-01 UTC, a whole number.',
  clientTimeTooEarly: 'clientTime is before 2020: check the device’s clock (milliseconds since 1970-01-01 UTC).',
  clientTimeTooLate: 'clientTime is more than a day ahead of the server’s clock: check the device’s clock.',
  propertiesInvalid: `properties is an object of at most ${EVENT_PROPERTIES_MAX} entries, each a string of at most ${EVENT_PROPERTY_VALUE_MAX} characters, a finite number or a boolean, under a name of 1 to ${EVENT_PROPERTY_KEY_MAX} letters, digits or “_”.`,
} as const;

const utf8 = new TextEncoder();
const serverOnly = new Set<string>(['claimed', 'session']);

const PropertyValueSchema = z.union(
  [
    z
      .string()
      .max(EVENT_PROPERTY_VALUE_MAX, ANALYTICS_MESSAGES.propertiesInvalid)
      .refine((text) => !hasForbiddenCharacters(text) && !hasBidiControl(text), ANALYTICS_MESSAGES.propertiesInvalid),
    z.number().refine(Number.isFinite, ANALYTICS_MESSAGES.propertiesInvalid),
    z.boolean(),
  ],
  { error: ANALYTICS_MESSAGES.propertiesInvalid },
);

const PropertiesSchema = z
  .record(
    z.string().regex(new RegExp(`^[A-Za-z0-9_]{1,${EVENT_PROPERTY_KEY_MAX}}$`), ANALYTICS_MESSAGES.propertiesInvalid),
    PropertyValueSchema,
    { error: ANALYTICS_MESSAGES.propertiesInvalid },
  )
  .refine((properties) => Object.keys(properties).length <= EVENT_PROPERTIES_MAX, ANALYTICS_MESSAGES.propertiesInvalid);

/** One event as a game sends it; the player is the token's, the variant the server's, so neither is sent. */
export function clientEventSchema(now: number) {
  return clientEventSchemaBounded(
    z
      .number({ error: ANALYTICS_MESSAGES.clientTimeInvalid })
      .int(ANALYTICS_MESSAGES.clientTimeInvalid)
      .min(EVENT_CLIENT_TIME_MIN, ANALYTICS_MESSAGES.clientTimeTooEarly)
      .max(now + EVENT_CLIENT_TIME_MAX_AHEAD_MS, ANALYTICS_MESSAGES.clientTimeTooLate),
  );
}

function clientEventSchemaBounded(clientTime: z.ZodType<number>) {
  return z
    .strictObject(
      {
        id: z
          .string({ error: ANALYTICS_MESSAGES.eventIdInvalid })
          .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${EVENT_ID_MAX}}$`), ANALYTICS_MESSAGES.eventIdInvalid),
        type: z.enum(CLIENT_EVENT_TYPES, {
          error: (issue) =>
            typeof issue.input === 'string' && serverOnly.has(issue.input)
              ? ANALYTICS_MESSAGES.typeServerOnly(issue.input)
              : ANALYTICS_MESSAGES.typeUnknown,
        }),
        configId: z
          .string({ error: ANALYTICS_MESSAGES.configIdInvalid })
          .min(1, ANALYTICS_MESSAGES.configIdInvalid)
          .max(EVENT_CONFIG_ID_MAX, ANALYTICS_MESSAGES.configIdInvalid)
          .refine((id) => id.trim() === id && !hasForbiddenCharacters(id), ANALYTICS_MESSAGES.configIdInvalid),
        clientTime,
        properties: PropertiesSchema.optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? ANALYTICS_MESSAGES.eventUnknownFields(issue.keys)
            : ANALYTICS_MESSAGES.eventInvalid,
      },
    )
    .refine((event) => utf8.encode(JSON.stringify(event)).length <= EVENT_MAX_BYTES, ANALYTICS_MESSAGES.eventTooLarge);
}
export type ClientEvent = z.infer<ReturnType<typeof clientEventSchema>>;

/**
 * A batch of events, checked against the server's clock `now` (clientTime may not be more than a day ahead of
 * it). The count is checked before any event is read, so a batch of 10,000 costs one check.
 */
export function eventBatchSchema(now: number) {
  return batchSchemaOf(clientEventSchema(now));
}
export type EventBatch = z.infer<ReturnType<typeof eventBatchSchema>>;

function batchSchemaOf<Event extends z.ZodType>(event: Event) {
  return z.strictObject(
    {
      events: z
        .array(z.unknown(), { error: ANALYTICS_MESSAGES.batchInvalid })
        .min(1, ANALYTICS_MESSAGES.batchEmpty)
        .max(EVENT_BATCH_MAX_EVENTS, ANALYTICS_MESSAGES.batchTooLarge)
        .pipe(z.array(event)),
    },
    { error: ANALYTICS_MESSAGES.batchInvalid },
  );
}

/** The server's clock of the parse under way: the schema is built once, its clientTime bound read at each check. */
let parseNow = 0;
const sharedBatchSchema = batchSchemaOf(
  clientEventSchemaBounded(
    z
      .number({ error: ANALYTICS_MESSAGES.clientTimeInvalid })
      .int(ANALYTICS_MESSAGES.clientTimeInvalid)
      .min(EVENT_CLIENT_TIME_MIN, ANALYTICS_MESSAGES.clientTimeTooEarly)
      .refine((time) => time <= parseNow + EVENT_CLIENT_TIME_MAX_AHEAD_MS, ANALYTICS_MESSAGES.clientTimeTooLate),
  ),
);

/**
 * eventBatchSchema(now).safeParse(body), with the same issues, on a schema built once (building it per request
 * was about 5 % of the ingest's time): the parse is synchronous, so the clock it checks against is set around it.
 */
export function parseEventBatch(body: unknown, now: number): z.ZodSafeParseResult<EventBatch> {
  parseNow = now;
  try {
    return sharedBatchSchema.safeParse(body);
  } finally {
    parseNow = 0;
  }
}

/** A client's event as the server records it: the player from the token, the variant and the day its own. */
export function recordedClientEvent(
  event: ClientEvent,
  stamp: { gameId: string; playerId: string; variantId: string | null; receivedAt: number },
): AnalyticsEvent {
  return {
    id: event.id,
    gameId: stamp.gameId,
    playerId: stamp.playerId,
    kind: event.type,
    configId: event.configId,
    variantId: stamp.variantId,
    day: analyticsDay(stamp.receivedAt),
    cycleDay: null,
    streak: null,
  };
}
