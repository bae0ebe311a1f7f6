import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import { topicCatalogue, type TopicReaders } from '@shared/topics';
import { createSession, createStaffUser, getUser, sessionKeyOf, type StaffUser } from '../../functions/modules/staff';
import { resolveTopic } from '../../functions/modules/live';
import { aStaffUser, uniqueEmail } from './fixtures';

/** A stored session of `user`, as sign-in makes one (setup only); its key. */
export async function aSessionKeyOf(user: StaffUser): Promise<string> {
  const sessionId = await createSession(user, '127.0.0.1', new Date());
  if (!sessionId) throw new Error(`no session made for ${user.id}`);
  return sessionKeyOf(sessionId);
}

/**
 * A user who may read `topic` (DESIGN section 6, the catalogue's readers):
 * for an `:id` topic the user of that id (created when new), else a new
 * user of the readers' role (a super admin where the topic asks for one).
 */
export async function aReaderOf(topic: string): Promise<StaffUser> {
  const resolved = resolveTopic(topic);
  if (!resolved) throw new Error(`no such topic: ${topic}`);
  const readers: TopicReaders = topicCatalogue[resolved.definition.key].readers;
  // a topic anyone may read (an entry's) has no staff reader to make
  if (readers.role === 'anyone') throw new Error(`no staff reader for ${topic}: anyone may read it`);
  const id = resolved.params.id;
  const existing = id ? await getUser(id) : undefined;
  return existing ?? aStaffUser(readers.role, { superAdmin: readers.superAdmin === true, ...(id ? { id } : {}) });
}

/**
 * A password hash at a cost well above the test stacks' (2^16): a sign-in
 * against it spends a noticeable while in scrypt between reading the user
 * and making the session — the window a racing reset, disable or demotion
 * lands in (DESIGN section 7). The stored format is passwords.ts's.
 */
export async function aSlowHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** 16;
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** An admin (a super admin when asked) whose password is `password`, hashed slowly (aSlowHash). */
export async function aSlowSignInAdmin(password: string, superAdmin = false): Promise<StaffUser> {
  const suffix = randomUUID().slice(0, 8);
  return createStaffUser(
    {
      email: uniqueEmail('racer'),
      username: `racer-${suffix}`,
      role: 'admin',
      superAdmin,
      passwordHash: await aSlowHash(password),
    },
    new Date(),
  );
}
