import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  cannotReason,
  ChooseStudioInputSchema,
  STUDIO_MESSAGES,
  UpdateStudioInputSchema,
  type StudiosAnswer,
} from '@liveops/domain/teams';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';
import { session, studio } from '../db/schema';
import { jsonBody } from '../http/request-body';
import { jsonError, readJson } from '../http/json';
import { membershipIn, type Membership } from './studios';
import type { MembershipCache } from './membership-cache';
import { teamRoutes, type TeamDeps } from './team-routes';

type Deps = TeamDeps & { memberships: MembershipCache };

const shown = (m: Membership) => ({ id: m.studioId, name: m.name, role: m.role });

/**
 * /api/studios (decision 065): the studios of the signed-in person and the one the dashboard shows; choosing
 * another (for this session, in every tab of it); renaming one (Admin and Owner).
 */
export function studiosRoutes(deps: Deps) {
  const { auth, db, liveEvents } = deps;
  return new Hono<AuthedEnv>()
    .use(...jsonBody, requireVerifiedUser(auth))
    .get('/', async (c) => {
      const { active, all } = await deps.memberships.active(c.get('user').id, c.get('chosenStudioId'));
      const answer: StudiosAnswer = { active: active && shown(active), studios: all.map(shown) };
      return c.json(answer);
    })
    .post('/active', async (c) => {
      const input = await readJson(c, ChooseStudioInputSchema);
      if (!input.ok) return input.response;
      const user = c.get('user');
      const member = await membershipIn(db, user.id, input.value.studioId);
      if (!member) return jsonError(c, 404, 'NOT_FOUND', STUDIO_MESSAGES.notAMember);
      const current = await auth.sessions.get(c.req.raw.headers);
      if (!current) return jsonError(c, 404, 'NOT_FOUND', STUDIO_MESSAGES.notAMember);
      await db
        .update(session)
        .set({ activeOrganizationId: member.studioId, updatedAt: new Date() })
        .where(and(eq(session.token, current.session.token), eq(session.userId, user.id)));
      await auth.forgetSession(current.session.token);
      // The session's other tabs show the chosen studio too.
      await liveEvents.publish(user.id, { topic: 'account' });
      return c.json(shown(member));
    })
    .patch('/:studioId', async (c) => {
      const input = await readJson(c, UpdateStudioInputSchema);
      if (!input.ok) return input.response;
      const member = await membershipIn(db, c.get('user').id, c.req.param('studioId'));
      if (!member) return jsonError(c, 404, 'NOT_FOUND', STUDIO_MESSAGES.notAMember);
      const refusal = cannotReason(member.role, 'studio.update');
      if (refusal) return jsonError(c, 403, 'FORBIDDEN', refusal);
      await db.update(studio).set({ name: input.value.name }).where(eq(studio.id, member.studioId));
      // Every member's top bar shows the new name.
      await liveEvents.publish(member.studioId, { topic: 'account' });
      return c.json({ ...shown(member), name: input.value.name });
    })
    .route('/:studioId', teamRoutes(deps));
}
