import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HOUSE_GAMES, houseGame } from '@shared/games';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { PublicLayout } from '../components/PublicLayout';
import { NotFoundPage } from '../features/public/components/NotFoundPage';
import { getEarly } from '../lib/early-get';
import { lazyPage } from '../lib/lazy-page';
import { HomePage } from './routes/home';

// Public pages other than home: small chunks of their own, so the home page
// stays within its budget (DESIGN section 9).
const GameEntryPage = lazyPage(
  () => import('./routes/game-entry'),
  (m) => m.GameEntryPage,
);
const WinnersPage = lazyPage(
  () => import('../features/public/components/WinnersPage'),
  (m) => m.WinnersPage,
);
const ResultsPage = lazyPage(
  () => import('../features/public/components/ResultsPage'),
  (m) => m.ResultsPage,
);
const HowToPlayPage = lazyPage(
  () => import('../features/public/components/HowToPlayPage'),
  (m) => m.HowToPlayPage,
);
const PlayResponsiblyPage = lazyPage(
  () => import('../features/public/components/PlayResponsiblyPage'),
  (m) => m.PlayResponsiblyPage,
);
const AboutPage = lazyPage(
  () => import('../features/public/components/AboutPage'),
  (m) => m.AboutPage,
);
const PolicyPage = lazyPage(
  () => import('../features/public/components/PolicyPage'),
  (m) => m.PolicyPage,
);
const TermsPage = lazyPage(
  () => import('../features/public/components/TermsPage'),
  (m) => m.TermsPage,
);
const WDigitalPage = lazyPage(
  () => import('../features/public/components/WDigitalPage'),
  (m) => m.WDigitalPage,
);
const FairDrawsPage = lazyPage(
  () => import('../features/fairness/components/FairDrawsPage'),
  (m) => m.FairDrawsPage,
);
// the record is asked for beside the page's chunk (its API path is the page's under /api/v1/public), and a
// record opened directly asks for both as this module loads, not after React's first render (issue 35: 3G)
const loadDrawRecordPage = () => {
  getEarly(`/api/v1/public${location.pathname}`);
  return import('../features/fairness/components/DrawRecordPage');
};
if (location.pathname.startsWith('/draws/')) void loadDrawRecordPage();
const DrawRecordPage = lazyPage(loadDrawRecordPage, (m) => m.DrawRecordPage);
const MyTicketsPage = lazyPage(
  () => import('../features/my-tickets/components/MyTicketsPage'),
  (m) => m.MyTicketsPage,
);
const LogoutPage = lazyPage(
  () => import('../features/auth/components/LogoutPage'),
  (m) => m.LogoutPage,
);

// Login pages and staff portals: never in the public pages' JavaScript.
const LoginPage = lazyPage(
  () => import('../features/auth/components/LoginPage'),
  (m) => m.LoginPage,
);
const AdminPortalPage = lazyPage(
  () => import('../features/admin/components/AdminPortalPage'),
  (m) => m.AdminPortalPage,
);
const PartnerDashboardPage = lazyPage(
  () => import('../features/partner/components/PartnerDashboardPage'),
  (m) => m.PartnerDashboardPage,
);
const AnnouncerDashboardPage = lazyPage(
  () => import('../features/announcer/components/AnnouncerDashboardPage'),
  (m) => m.AnnouncerDashboardPage,
);

const PORTALS = ['admin', 'partner', 'announcer', 'regulator'] as const;

/** Staff portals bring their own layout; they share only the fallbacks. */
const portal = (element: ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </ErrorBoundary>
);

/** Every route of the spec (section 2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        {/* each house game's page, and its entry's own address (shared/games.ts) */}
        {HOUSE_GAMES.flatMap((kind) => [
          <Route key={kind} path={houseGame[kind].slug} element={<GameEntryPage game={houseGame[kind].slug} />} />,
          <Route
            key={`${kind}-entry`}
            path={`${houseGame[kind].slug}/entry/:entryId`}
            element={<GameEntryPage game={houseGame[kind].slug} />}
          />,
        ])}
        <Route path="my-tickets" element={<MyTicketsPage />} />
        <Route path="winners" element={<WinnersPage />} />
        <Route path="results" element={<ResultsPage />} />
        <Route path="how-to-play" element={<HowToPlayPage />} />
        <Route path="fair-draws" element={<FairDrawsPage />} />
        <Route path="draws/:id" element={<DrawRecordPage />} />
        {/* the short record /d/<code> (issue 36) comes with the record page's chunk: one entry for both */}
        <Route path="d/:code" element={<DrawRecordPage />} />
        <Route path="play-responsibly" element={<PlayResponsiblyPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="policy" element={<PolicyPage />} />
        <Route path="terms/conditions" element={<TermsPage />} />
        <Route path="w-digital" element={<WDigitalPage />} />
        <Route path="logout" element={<LogoutPage />} />
        {/* each portal's sign-in (the regulator's its own: DESIGN section 7), one mapped route for the home page's bytes */}
        {PORTALS.map((portal) => (
          <Route key={portal} path={`${portal}/login`} element={<LoginPage portal={portal} />} />
        ))}
        {/* Where the spec sends unauthorised visitors of admin screens (section 2). */}
        <Route path="login" element={<LoginPage />} />
        {/* every staff role's Account screen (DESIGN section 7: change own password), and under it the
            regulator's window (its own chunk); one lazy entry with the login pages, as every byte here is
            the home page's (DESIGN section 9) */}
        <Route path="v1/account/*" element={<LoginPage account />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="v1/admin/:id/*" element={portal(<AdminPortalPage />)} />
      <Route path="v1/partner/:id/dashboard" element={portal(<PartnerDashboardPage />)} />
      {/* the dashboard and the on-air draw screen (issue 36): the announcer chunk routes them, so the
          home page carries one entry for both */}
      <Route path="v1/announcer/:id/*" element={portal(<AnnouncerDashboardPage />)} />
    </Routes>
  );
}
