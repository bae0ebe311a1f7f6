/**
 * The staff dashboards (DESIGN section 6): the admin overview, the partner's
 * and the announcer's dashboards, the draw list and the winners, read from
 * counters, never by scanning entries. The module's entry.
 */

export { announcerDashboardEvents } from './announcer-dashboard';
export { drawListEvents } from './draw-list';
export { overviewEvents } from './overview';
export { partnerDashboardEvents } from './partner-dashboard';
