import type { Role } from '../roles';

/**
 * Who may call a route. The shared guard (functions/platform/guard.ts) enforces it
 * server-side; the guard matrix test walks every route and proves it.
 */
export type Access =
  /** Anyone; state-changing methods still need the CSRF header. */
  | { kind: 'public' }
  /** A signed-in staff user with one of `roles`; `superAdmin` demands the flag;
   *  `ownPathId` demands that the path's `{id}` is the session's own user id. */
  | { kind: 'staff'; roles: readonly Role[]; superAdmin: boolean; ownPathId: boolean }
  /** Provider callbacks: authenticated by a per-payment secret in the path, no CSRF. */
  | { kind: 'webhook' }
  /** USSD gateways: authenticated by a per-gateway secret, no CSRF. */
  | { kind: 'ussd' }
  /** Exists on the local stack only (never deployed), e.g. the SMS outbox. */
  | { kind: 'local' };

export const PUBLIC: Access = { kind: 'public' };
export const WEBHOOK: Access = { kind: 'webhook' };
export const USSD: Access = { kind: 'ussd' };
export const LOCAL_ONLY: Access = { kind: 'local' };

const staff = (roles: readonly Role[], superAdmin = false, ownPathId = true): Access => ({
  kind: 'staff',
  roles,
  superAdmin,
  ownPathId,
});

/** Any signed-in staff user, no path id (e.g. GET /auth/me). */
export const SIGNED_IN = staff(['admin', 'partner', 'announcer'], false, false);
/** Any signed-in staff user acting on their own `{id}` (e.g. logout). */
export const SELF = staff(['admin', 'partner', 'announcer']);
export const ADMIN_SELF = staff(['admin']);
export const SUPER_ADMIN_SELF = staff(['admin'], true);
export const PARTNER_SELF = staff(['partner']);
export const ANNOUNCER_SELF = staff(['announcer']);
