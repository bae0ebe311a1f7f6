import { randomBytes } from 'node:crypto';
import { hashPassword } from './passwords';
import { isRefusal } from '../../platform/refusal';
import { isConditionFailure } from '../../platform/dynamo';
import { createStaffUser, getUserByEmail, type StaffUser } from './store/users';

export interface SeedResult {
  user: StaffUser;
  /** Set only when this call created the admin with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * The first super admin: created once from SEED_ADMIN_EMAIL /
 * SEED_ADMIN_PASSWORD, or with a random password the caller must show once.
 * Running it again changes nothing.
 */
export async function ensureSeedAdmin(email: string, password: string | undefined, now: Date): Promise<SeedResult> {
  const existing = await getUserByEmail(email);
  if (existing) return { user: existing, created: false };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  try {
    const user = await createStaffUser(
      {
        email: email.toLowerCase(),
        username: 'Super Admin',
        role: 'admin',
        superAdmin: true,
        passwordHash: await hashPassword(password ?? generatedPassword!),
      },
      now,
    );
    return { user, generatedPassword, created: true };
  } catch (error) {
    // another process seeded it first
    const raced = await getUserByEmail(email);
    if (raced && (isConditionFailure(error) || isRefusal(error, 'conflict'))) {
      return { user: raced, created: false };
    }
    throw error;
  }
}
