import { json, text, timestamp } from 'drizzle-orm/pg-core';

/** A point in time, stored with its time zone (every timestamp of the schema is one). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When a row was made and last changed, both set by the database when not given. */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The answer to a request, kept as sent so a retry gets the same bytes (json, not jsonb). */
export const keptResponse = () => json('response').$type<unknown>().notNull();

/** A request made once per idempotency key: a retry with the same key and another body is refused. */
export const idempotentRequest = () => ({
  idempotencyKey: text('idempotency_key').notNull(),
  /** The request it answered, so a retry with the same key and another body is refused. */
  requestHash: text('request_hash').notNull(),
});
