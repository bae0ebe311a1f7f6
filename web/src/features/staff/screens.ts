import { lazyPage } from '@web/lib/lazy-page';

/** The admin screens of staff (admins, partners, announcers, their promotions, the audit log), each its own chunk: the admin portal's registry lists them. */
export const staffScreens = {
  admins: lazyPage(
    () => import('./screens/AdminsScreen'),
    (m) => m.AdminsScreen,
  ),
  auditLog: lazyPage(
    () => import('./screens/AuditLogScreen'),
    (m) => m.AuditLogScreen,
  ),
  listPartners: lazyPage(
    () => import('./screens/ListPartnersScreen'),
    (m) => m.ListPartnersScreen,
  ),
  createPartner: lazyPage(
    () => import('./screens/CreatePartnerScreen'),
    (m) => m.CreatePartnerScreen,
  ),
  listAnnouncers: lazyPage(
    () => import('./screens/ListAnnouncerScreen'),
    (m) => m.ListAnnouncerScreen,
  ),
  createAnnouncer: lazyPage(
    () => import('./screens/CreateAnnouncerScreen'),
    (m) => m.CreateAnnouncerScreen,
  ),
  partnerPromotions: lazyPage(
    () => import('./screens/AssignPartnerPromotionScreen'),
    (m) => m.AssignPartnerPromotionScreen,
  ),
};
