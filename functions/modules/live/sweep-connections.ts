import { CONNECTION_MAX_AGE_MS, connectionsOpenedBefore, deleteConnection } from './store/connections';

/**
 * Delete staff connections API Gateway has already closed (older than 2 h) and their subscriptions, where no
 * `$disconnect` did (an anonymous one is left to its TTL and the fan-out: ./store/connections.ts saveConnection).
 */
export async function sweepConnections(now: Date): Promise<Record<string, unknown>> {
  const stale = await connectionsOpenedBefore(now.getTime() - CONNECTION_MAX_AGE_MS);
  for (const connectionId of stale) await deleteConnection(connectionId);
  return { deleted: stale.length };
}
