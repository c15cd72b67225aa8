import { desc, eq } from 'drizzle-orm';
import { RESET_MESSAGES, type ResetLinkStatus } from '@liveops/domain/accounts';
import { RESET_TOKEN_IDENTIFIER_PREFIX } from './auth';
import type { Db } from '../db/database';
import { user, verification } from '../db/schema';

/**
 * What an emailed reset token is worth now, read where Better Auth keeps it (its verification table, plain
 * identifiers): the address it resets, or why it resets nothing. Read directly rather than through Better
 * Auth's adapter, whose lookups also sweep expired rows: a check must change nothing. A used token is gone
 * from the table, so it reads like an altered one, as does an expired one once Better Auth has swept it.
 */
export async function checkResetLink(db: Db, token: string): Promise<ResetLinkStatus> {
  const [stored] = await db
    .select({ expiresAt: verification.expiresAt, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${token}`))
    .orderBy(desc(verification.createdAt))
    .limit(1);
  if (!stored) return { valid: false, code: 'RESET_LINK_INVALID', message: RESET_MESSAGES.linkInvalid };
  if (stored.expiresAt.getTime() <= Date.now()) {
    return { valid: false, code: 'RESET_LINK_EXPIRED', message: RESET_MESSAGES.linkExpired };
  }
  return { valid: true, email: stored.email };
}
