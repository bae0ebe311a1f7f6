import type { GuardedRequest } from '../../platform/http-app';

/** Who did it and from where, for the audit line of a staff write. */
export function actorOf(request: GuardedRequest) {
  return { actorId: request.user!.id, actorRole: request.user!.role, sourceIp: request.sourceIp };
}
