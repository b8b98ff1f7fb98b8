/**
 * How a request reached care records (issue 20 "Every dashboard read of PHI is audited with the access path"):
 * `session` for a session started by signing in, `link` (with the link's id) for a session a DASHBOARD access link
 * started (`access_link_session`). Dashboards put it in their audit events' details.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { accessLinkSessions } from './access.table.ts';

/** The access path of a request, as written into audit details. */
export type AccessPath = { accessPath: 'session' } | { accessPath: 'link'; accessLinkId: string };

/** The access path of the request's session (`session` when it has none or was not started by a link). One query. */
export async function accessPathOf(executor: Executor, ctx: RequestContext): Promise<AccessPath> {
  const sessionId = ctx.actor?.sessionId;
  if (!sessionId) return { accessPath: 'session' };
  const [row] = await executor
    .select({ accessLinkId: accessLinkSessions.accessLinkId })
    .from(accessLinkSessions)
    .where(eq(accessLinkSessions.sessionId, sessionId));
  return row ? { accessPath: 'link', accessLinkId: row.accessLinkId } : { accessPath: 'session' };
}
