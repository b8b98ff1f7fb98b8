/**
 * TEMPORARY until module messaging's `presence.service.ts` (helper msgapi) is merged: the same
 * `isViewingConversation(deps, userAccountId, conversationId)` over `user_presence`.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.ts';
import type { RealtimeHub } from '../../../platform/realtime/realtime.ts';
import { userPresences } from '../messaging.table.ts';

/** Whether a live socket of the account has the conversation open. */
export async function isViewingConversation(
  deps: { db: Database; realtime: RealtimeHub },
  userAccountId: string,
  conversationId: string,
): Promise<boolean> {
  const rows = await deps.db
    .select({ socketId: userPresences.socketId })
    .from(userPresences)
    .where(
      and(eq(userPresences.userId, userAccountId), eq(userPresences.activeConversationId, conversationId)),
    );
  for (const row of rows) if (row.socketId && (await deps.realtime.isConnected(row.socketId))) return true;
  return false;
}
