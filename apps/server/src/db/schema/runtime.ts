import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The server-signed calls received (decision 057): a signature's hash, kept until its timestamp
 * is no longer accepted, so a captured call sent again is refused on every instance. Pruned as it expires.
 */
export const serverSignature = pgTable(
  'server_signature',
  {
    hash: text('hash').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('server_signature_expires_idx').on(t.expiresAt)],
);
