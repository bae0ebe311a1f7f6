import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '@web/lib/lazy-page';

/** The admin portal's tabs (spec section 2, "Admin portal page with tabs"). */
export type AdminTab = 'Overview' | 'Winner' | 'Draw' | 'Partners' | 'Announcers' | 'Promotions' | 'Predictions';

export interface AdminScreen {
  /** The child path under /v1/admin/{id}/ (spec section 2, "Staff areas"). */
  path: string;
  /** The breadcrumb's last crumb and the document title. */
  title: string;
  tab: AdminTab;
  /** Spec section 6: every tab but Overview and Winner is for super admins only (the server refuses the same). */
  superAdminOnly: boolean;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * Every admin screen, in tab order; the first screen of a tab is where the
 * tab leads. Each screen is its own chunk.
 */
export const adminScreens: readonly AdminScreen[] = [
  {
    path: 'overview',
    title: 'Overview',
    tab: 'Overview',
    superAdminOnly: false,
    component: lazyPage(
      () => import('./OverviewScreen'),
      (m) => m.OverviewScreen,
    ),
  },
  // under Overview, so the spec's tab list stays as it is; super admins only
  {
    path: 'settings',
    title: 'Settings',
    tab: 'Overview',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./SettingsScreen'),
      (m) => m.SettingsScreen,
    ),
  },
  {
    path: 'admins',
    title: 'Admins',
    tab: 'Overview',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./AdminsScreen'),
      (m) => m.AdminsScreen,
    ),
  },
  {
    path: 'audit-log',
    title: 'Audit log',
    tab: 'Overview',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./AuditLogScreen'),
      (m) => m.AuditLogScreen,
    ),
  },
  {
    path: 'winners-list',
    title: 'Winners List',
    tab: 'Winner',
    superAdminOnly: false,
    component: lazyPage(
      () => import('./WinnersListScreen'),
      (m) => m.WinnersListScreen,
    ),
  },
  {
    // players' protection is support work: any admin (DESIGN section 7)
    path: 'player-exclusion',
    title: 'Player exclusion',
    tab: 'Winner',
    superAdminOnly: false,
    component: lazyPage(
      () => import('./PlayerExclusionScreen'),
      (m) => m.PlayerExclusionScreen,
    ),
  },
  {
    path: 'jacktop-list',
    title: "Partners' Data Analytics",
    tab: 'Draw',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./DrawListScreen'),
      (m) => m.DrawListScreen,
    ),
  },
  {
    path: 'list-partners',
    title: 'Partner Management',
    tab: 'Partners',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./ListPartnersScreen'),
      (m) => m.ListPartnersScreen,
    ),
  },
  {
    path: 'create-partner',
    title: 'Create Partner',
    tab: 'Partners',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./CreatePartnerScreen'),
      (m) => m.CreatePartnerScreen,
    ),
  },
  {
    path: 'create-tax-analytics',
    title: 'Tax Analytics',
    tab: 'Partners',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./TaxAnalyticsScreen'),
      (m) => m.TaxAnalyticsScreen,
    ),
  },
  {
    path: 'reports',
    title: 'Reports',
    tab: 'Partners',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./ReportsScreen'),
      (m) => m.ReportsScreen,
    ),
  },
  {
    path: 'payouts',
    title: 'Payouts',
    tab: 'Partners',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./PayoutsScreen'),
      (m) => m.PayoutsScreen,
    ),
  },
  {
    path: 'list-announcer',
    title: "Announcers' List",
    tab: 'Announcers',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./ListAnnouncerScreen'),
      (m) => m.ListAnnouncerScreen,
    ),
  },
  {
    path: 'create-announcer',
    title: 'Create Announcer',
    tab: 'Announcers',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./CreateAnnouncerScreen'),
      (m) => m.CreateAnnouncerScreen,
    ),
  },
  {
    path: 'assign-partner-promotion',
    title: 'Partner Promotions',
    tab: 'Promotions',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./AssignPartnerPromotionScreen'),
      (m) => m.AssignPartnerPromotionScreen,
    ),
  },
  {
    path: 'create-promotion',
    title: 'Create Promotion',
    tab: 'Promotions',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./CreatePromotionScreen'),
      (m) => m.CreatePromotionScreen,
    ),
  },
  {
    path: 'predictions',
    title: 'Predictions',
    tab: 'Predictions',
    superAdminOnly: true,
    component: lazyPage(
      () => import('./PredictionsScreen'),
      (m) => m.PredictionsScreen,
    ),
  },
];

const ADMIN_TABS: readonly AdminTab[] = [
  'Overview',
  'Winner',
  'Draw',
  'Partners',
  'Announcers',
  'Promotions',
  'Predictions',
];

/** The screens this admin may open: plain admins see Overview and Winner only. */
export function screensFor(superAdmin: boolean): AdminScreen[] {
  return adminScreens.filter((s) => superAdmin || !s.superAdminOnly);
}

export function tabsFor(superAdmin: boolean): AdminTab[] {
  const open = new Set(screensFor(superAdmin).map((s) => s.tab));
  return ADMIN_TABS.filter((tab) => open.has(tab));
}

export function findScreen(path: string | undefined): AdminScreen | undefined {
  return adminScreens.find((s) => s.path === path);
}

/**
 * Where an unauthorised visitor of a screen goes (spec section 2): the
 * partner list screen sends to /admin/login, every other admin screen to /login.
 */
export function loginPathFor(path: string | undefined): string {
  return path === 'list-partners' ? '/admin/login' : '/login';
}
