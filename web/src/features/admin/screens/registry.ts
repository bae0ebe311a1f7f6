import type { ComponentType, LazyExoticComponent } from 'react';
import { catalogScreens } from '@web/features/catalog/screens';
import { drawsScreens } from '@web/features/draws/screens';
import { liveScreens } from '@web/features/live/screens';
import { payoutsScreens } from '@web/features/payouts/screens';
import { playersScreens } from '@web/features/players/screens';
import { reportsScreens } from '@web/features/reports/screens';
import { staffScreens } from '@web/features/staff/screens';
import { supportScreens } from '@web/features/support/screens';

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
  /** The support desk's permission (DESIGN section 7): admins with `support`, and every super admin. */
  supportOnly?: true;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * Every admin screen, in tab order; the first screen of a tab is where the
 * tab leads. Each screen is its own chunk, named by its feature's `screens.ts`.
 */
export const adminScreens: readonly AdminScreen[] = [
  {
    path: 'overview',
    title: 'Overview',
    tab: 'Overview',
    superAdminOnly: false,
    component: liveScreens.overview,
  },
  // under Overview, so the spec's tab list stays as it is; super admins only
  {
    path: 'settings',
    title: 'Settings',
    tab: 'Overview',
    superAdminOnly: true,
    component: catalogScreens.settings,
  },
  // the home page's announcements and the contact details: site content, guarded as the settings are
  {
    path: 'site-content',
    title: 'Site content',
    tab: 'Overview',
    superAdminOnly: true,
    component: catalogScreens.siteContent,
  },
  {
    path: 'admins',
    title: 'Admins',
    tab: 'Overview',
    superAdminOnly: true,
    component: staffScreens.admins,
  },
  {
    path: 'audit-log',
    title: 'Audit log',
    tab: 'Overview',
    superAdminOnly: true,
    component: staffScreens.auditLog,
  },
  {
    path: 'winners-list',
    title: 'Winners List',
    tab: 'Winner',
    superAdminOnly: false,
    component: drawsScreens.winnersList,
  },
  {
    // players' protection is support work: any admin (DESIGN section 7)
    path: 'player-exclusion',
    title: 'Player exclusion',
    tab: 'Winner',
    superAdminOnly: false,
    component: playersScreens.playerExclusion,
  },
  {
    path: 'support-desk',
    title: 'Support desk',
    tab: 'Winner',
    superAdminOnly: false,
    supportOnly: true,
    component: supportScreens.supportDesk,
  },
  {
    path: 'exports',
    title: 'Exports',
    tab: 'Winner',
    superAdminOnly: false,
    supportOnly: true,
    component: supportScreens.exports,
  },
  {
    path: 'jacktop-list',
    title: "Partners' Data Analytics",
    tab: 'Draw',
    superAdminOnly: true,
    component: drawsScreens.drawList,
  },
  {
    path: 'list-partners',
    title: 'Partner Management',
    tab: 'Partners',
    superAdminOnly: true,
    component: staffScreens.listPartners,
  },
  {
    path: 'create-partner',
    title: 'Create Partner',
    tab: 'Partners',
    superAdminOnly: true,
    component: staffScreens.createPartner,
  },
  {
    path: 'create-tax-analytics',
    title: 'Tax Analytics',
    tab: 'Partners',
    superAdminOnly: true,
    component: reportsScreens.taxAnalytics,
  },
  {
    path: 'reports',
    title: 'Reports',
    tab: 'Partners',
    superAdminOnly: true,
    component: reportsScreens.reports,
  },
  {
    path: 'payouts',
    title: 'Payouts',
    tab: 'Partners',
    superAdminOnly: true,
    component: payoutsScreens.payouts,
  },
  {
    path: 'list-announcer',
    title: "Announcers' List",
    tab: 'Announcers',
    superAdminOnly: true,
    component: staffScreens.listAnnouncers,
  },
  {
    path: 'create-announcer',
    title: 'Create Announcer',
    tab: 'Announcers',
    superAdminOnly: true,
    component: staffScreens.createAnnouncer,
  },
  {
    path: 'assign-partner-promotion',
    title: 'Partner Promotions',
    tab: 'Promotions',
    superAdminOnly: true,
    component: staffScreens.partnerPromotions,
  },
  {
    path: 'create-promotion',
    title: 'Create Promotion',
    tab: 'Promotions',
    superAdminOnly: true,
    component: catalogScreens.createPromotion,
  },
  {
    path: 'predictions',
    title: 'Predictions',
    tab: 'Predictions',
    superAdminOnly: true,
    component: catalogScreens.predictions,
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

/** The screens this admin may open: plain admins see Overview and Winner only; the desk needs `support`. */
export function screensFor(superAdmin: boolean, support: boolean = superAdmin): AdminScreen[] {
  return adminScreens.filter((s) => (superAdmin || !s.superAdminOnly) && (support || !s.supportOnly));
}

export function tabsFor(superAdmin: boolean, support: boolean = superAdmin): AdminTab[] {
  const open = new Set(screensFor(superAdmin, support).map((s) => s.tab));
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
