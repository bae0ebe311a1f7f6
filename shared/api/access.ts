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
  | {
      kind: 'staff';
      roles: readonly Role[];
      superAdmin: boolean;
      ownPathId: boolean;
      /** An admin with the `support` permission, or a super admin (DESIGN section 7: the support desk). */
      support?: true;
      /** Open to a user who must change a reset password first (DESIGN section 7); every other staff route is 403. */
      beforePasswordChange?: true;
    }
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

/** What a user whose password was reset can still do: who am I, change it, log out (DESIGN section 7). */
const beforeChange = (access: Access): Access => ({ ...access, beforePasswordChange: true }) as Access;
/** Any signed-in staff user but a regulator, no path id (POST /auth/password), even before a forced change. */
export const ACCOUNT = beforeChange(staff(['admin', 'partner', 'announcer'], false, false));
/** Who am I: every signed-in staff user, the regulator included, even before a forced change. */
export const WHO_AM_I = beforeChange(staff(['admin', 'partner', 'announcer', 'regulator'], false, false));
/** Any signed-in staff user logging out on their own `{id}`, even before a forced change: a regulator's one write. */
export const SELF_LOGOUT = beforeChange(staff(['admin', 'partner', 'announcer', 'regulator']));
export const ANNOUNCER_LOGOUT = beforeChange(staff(['announcer']));
export const ADMIN_SELF = staff(['admin']);
export const SUPER_ADMIN_SELF = staff(['admin'], true);
export const PARTNER_SELF = staff(['partner']);
export const ANNOUNCER_SELF = staff(['announcer']);
/** The support desk (DESIGN section 7): an admin with the `support` permission; super admins always have it. */
export const SUPPORT_SELF: Access = { ...staff(['admin']), support: true } as Access;
/** The regulator's window (DESIGN section 7): read-only, on its own `{id}`. */
export const REGULATOR_SELF = staff(['regulator']);
