import { createContext, useContext } from 'react';
import type { SessionUser } from '@shared/api/schemas/auth';

/** The signed-in admin, as every admin screen needs it. */
export interface AdminIdentity {
  /** The route's `{id}`: the admin's own id, a path parameter on every admin call. */
  adminId: string;
  superAdmin: boolean;
  /** From GET /auth/me once it answered (username for the menu and overview). */
  user: SessionUser | null;
}

export const AdminContext = createContext<AdminIdentity | null>(null);

export function useAdmin(): AdminIdentity {
  const admin = useContext(AdminContext);
  if (!admin) throw new Error('useAdmin must be used inside the admin portal');
  return admin;
}
