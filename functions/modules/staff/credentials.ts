import type { StaffUser } from './store/users';

/**
 * The credential version (DESIGN section 7): a session records the version
 * of its user it was made from, and is dead once the user's version moves on
 * (a new password or email, a role or super-admin change, disabled). The
 * version only ever rises, so re-enabling a user never revives an old session.
 */
export const credentialVersionOf = (user: Pick<StaffUser, 'credentialVersion'>): number => user.credentialVersion ?? 0;

/** The attribute that moves `user` to its next version, for an update already conditioned on the user as read. */
export const nextCredentialVersion = (user: Pick<StaffUser, 'credentialVersion'>): number =>
  credentialVersionOf(user) + 1;

/** Whether a session made from `sessionVersion` still speaks for `user` as stored now. */
export function sessionHolds(sessionVersion: number | undefined, user: StaffUser | undefined): user is StaffUser {
  return user !== undefined && user.disabled !== true && (sessionVersion ?? 0) === credentialVersionOf(user);
}
