/**
 * The only things the web keeps in sessionStorage (spec section 3 "Session
 * storage", DESIGN section 7): the signed-in user's id, role and, for admins,
 * the super-admin flag — for the UI only. The session itself is an HttpOnly
 * cookie the page never sees.
 */
export const SESSION_KEYS = {
  userId: 'userId',
  userRole: 'userRole',
  superAdmin: 'superAdmin',
} as const;

export interface StoredSession {
  userId: string;
  userRole: string;
  /** Present only for sessions started at the admin portal. */
  superAdmin?: boolean;
}

export function saveSession(session: StoredSession): void {
  clearSession();
  sessionStorage.setItem(SESSION_KEYS.userId, session.userId);
  sessionStorage.setItem(SESSION_KEYS.userRole, session.userRole);
  if (session.superAdmin !== undefined) {
    sessionStorage.setItem(SESSION_KEYS.superAdmin, String(session.superAdmin));
  }
}

export function readSession(): StoredSession | null {
  const userId = sessionStorage.getItem(SESSION_KEYS.userId);
  const userRole = sessionStorage.getItem(SESSION_KEYS.userRole);
  if (!userId || !userRole) return null;
  const superAdmin = sessionStorage.getItem(SESSION_KEYS.superAdmin);
  return superAdmin === null ? { userId, userRole } : { userId, userRole, superAdmin: superAdmin === 'true' };
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
}
