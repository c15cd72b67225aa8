import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appSetting } from '../db/schema';

/**
 * AUTH_SECRET when given; otherwise one generated on first start and kept in the database (which lives in
 * DATA_DIR on PGlite), so sessions survive restarts and every instance on a shared PostgreSQL signs alike.
 */
export async function resolveAuthSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, 'auth_secret'));
  if (!row) throw new Error('auth secret could not be stored');
  return row.value;
}
