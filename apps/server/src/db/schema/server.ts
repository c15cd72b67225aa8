import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Server-wide settings that every instance must share, such as the generated auth secret. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Storage work this deployment began and has not yet handed to a row (decision 026): committed before the first
 * byte is written (or, for a removal, with the row that stops referencing the bytes), and deleted in the
 * transaction that records what was written. The start-up cleanup acts only on intents of instances that are
 * gone, so it never touches an object this deployment did not write. 'objects': every stored key starting with
 * `prefix` is to go (an asset's key names that one object). 'stable': the stable paths of the game under `prefix`
 * (packs/{gameId}/) are being switched; if left, they are put back to the live release.
 */
export const storageIntent = pgTable(
  'storage_intent',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'objects' | 'stable'>().notNull(),
    prefix: text('prefix').notNull(),
    instanceId: text('instance_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('storage_intent_instance_idx').on(t.instanceId)],
);

/** A running server instance (one per process start), with a heartbeat: whose storage intents are still in flight. */
export const serverInstance = pgTable('server_instance', {
  id: text('id').primaryKey(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
});
