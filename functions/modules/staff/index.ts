/**
 * Staff (DESIGN sections 4 and 7): admins, partners and announcers, their
 * sign-in, sessions and credentials. The module's entry.
 */

export { registerAccountRoutes } from './accounts-http';
export { registerAnnouncerRoutes } from './announcers-http';
export { registerAuditLogRoutes } from './audit-log-http';
export { registerPartnerRoutes } from './partners-http';
export { registerRegulatorAccountRoutes } from './regulators-http';
export { changePassword } from './own-password';
export { hashPassword } from './passwords';
export { signedInUser, staffSessions } from './session-lookup';
export {
  clearedSessionCookie,
  deviceCookie,
  deviceIdFromCookies,
  SESSION_IDLE_MS,
  sessionCookie,
  sessionIdFromCookies,
  sessionKeyOf,
} from './session-policy';
export { signIn, toSessionUser } from './sign-in';
export { accountBalanceOf, announcerRecord, partnerOptionOf, partnerRecord } from './staff-rules';
export {
  announcersOf,
  checkedInAnnouncersOf,
  findAnnouncerBySearchString,
  listAnnouncers,
  type Announcer,
} from './store/announcers';
export { recordSignInFailure } from './store/login-throttle';
export { findPartnerBySearchString, getPartner, listPartners, type Partner } from './store/partners';
export { payeeExistsCheck, payoutInFlightAdd, payoutInFlightRemove } from './store/payee-in-flight';
export {
  createSession,
  deleteSessionByKey,
  findSession,
  findSessionByKey,
  liveSessionUsers,
  sessionUser,
} from './store/sessions';
export { newStaffUser, newStaffUserWrites } from './store/staff-writes';
export {
  claimItem,
  claimWrite,
  commitRefusing,
  createStaffUser,
  getUser,
  listUsersByRole,
  releaseItem,
  uniqueOwner,
  type StaffUser,
  type UniqueClaim,
} from './store/users';
