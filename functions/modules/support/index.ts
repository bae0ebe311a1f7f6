/**
 * The support desk (DESIGN section 7): a player looked up by mobile number,
 * ticket, entry id or provider reference, the player's whole story, the
 * desk's reasoned and audit-logged actions, what needs attention, the
 * complaint log and the CSV exports. The module's entry.
 */

export { registerSupportDeskRoutes } from './desk-http';
export { registerExportRoutes } from './exports-http';
/** The complaint log for a period (ISO instants): the regulator reads it through here. */
export { complaintsBetween } from './store/complaints';
