import { randomUUID } from 'node:crypto';
import { routes } from '../../shared/api/routes';
import type { Portal } from '../../shared/api/schemas/auth';
import type { Role } from '../../shared/roles';
import { hashPassword } from '../../functions/domain/passwords';
import { createStaffUser, type StaffUser } from '../../functions/store/users';
import { ApiClient } from './api';

export const FIXTURE_PASSWORD = 'fixture-password-1';

// one real scrypt hash per worker, shared by fixture users (each still verified by the real code)
let fixtureHash: Promise<string> | undefined;
const passwordHash = () => (fixtureHash ??= hashPassword(FIXTURE_PASSWORD));

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.example`;

/** A staff user written straight to the table (setup only; the code under test reads it back). */
export async function aStaffUser(
  role: Role,
  overrides: Partial<Omit<StaffUser, 'id' | 'createdAt' | 'updatedAt' | 'passwordHash'>> = {},
): Promise<StaffUser> {
  const suffix = randomUUID().slice(0, 8);
  return createStaffUser(
    {
      email: uniqueEmail(role),
      username: `${role}-${suffix}`,
      role,
      superAdmin: false,
      passwordHash: await passwordHash(),
      ...(role !== 'admin' ? { searchString: `${role.toUpperCase()}-${suffix}`, mobileMoneyNumber: '231770000001' } : {}),
      ...overrides,
    },
    new Date(),
  );
}

export const aSuperAdmin = () => aStaffUser('admin', { superAdmin: true });
export const aPlainAdmin = () => aStaffUser('admin');

const loginRoute: Record<Portal, keyof typeof routes> = {
  admin: 'adminLogin',
  partner: 'partnerLogin',
  announcer: 'announcerLogin',
};

/** An ApiClient signed in as `user` through the real login route. */
export async function signedIn(user: StaffUser, portal: Portal = portalFor(user.role)): Promise<ApiClient> {
  const client = new ApiClient();
  const response = await client.call(routes[loginRoute[portal]], {}, { email: user.email, password: FIXTURE_PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in failed for ${user.email}: ${response.status} ${response.text}`);
  return client;
}

export function portalFor(role: Role): Portal {
  return role === 'admin' ? 'admin' : role;
}
