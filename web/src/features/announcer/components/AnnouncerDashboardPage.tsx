import { useState } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { lazyPage } from '@web/lib/lazy-page';
import { PageLoading } from '@web/components/PageLoading';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useSessionGuard } from '@web/hooks/use-session-guard';
import { messages } from '@shared/messages';
import { isAtMostWidth } from '@web/lib/viewport';
import { openingPromotion, type AnnouncerPromotion } from '../figures';
import { useAnnouncerDashboard } from '../hooks/use-announcer-dashboard';
import { useAnnouncerDraw } from '../hooks/use-announcer-draw';
import { useThresholdToast } from '../hooks/use-threshold-toast';
import { AnnouncerSidebar, type AnnouncerTab } from './AnnouncerSidebar';
import { ClearedDrawNotices } from '@web/components/staff/ClearedDrawNotices';
import { StatementCard } from '@web/components/staff/StatementCard';
import { DashboardTab } from './DashboardTab';
import { PromotionsTab } from './PromotionsTab';
import { WinnersTab } from './WinnersTab';
import { StaffQueryProvider } from '@web/lib/staff-query';
import '@web/styles/staff.css';
import '../announcer.css';

/** The on-air draw screen (issue 36): a chunk of its own, fetched when it is opened. */
const BroadcastPage = lazyPage(
  () => import('./BroadcastPage'),
  (m) => m.BroadcastPage,
);

/**
 * /v1/announcer/:id/dashboard (spec section 2, "Announcer dashboard"), in its
 * own chunk: only the signed-in announcer of that id (else /announcer/login,
 * session storage cleared), live from `announcer/{id}/dashboard`; and
 * /v1/announcer/:id/broadcast/:sharedCode, the on-air draw screen.
 */
export function AnnouncerDashboardPage() {
  return (
    <Routes>
      <Route
        path="dashboard"
        element={
          <StaffQueryProvider>
            <AnnouncerPortal />
          </StaffQueryProvider>
        }
      />
      <Route path="broadcast/:sharedCode" element={<BroadcastPage />} />
      {/* an unknown screen of the portal is its dashboard */}
      <Route path="*" element={<Navigate to="dashboard" replace />} />
    </Routes>
  );
}

function AnnouncerPortal() {
  const { id } = useParams();
  useDocumentTitle('Announcer dashboard');
  const { session } = useSessionGuard('announcer', id, '/announcer/login');
  if (!session || !id) return <PageLoading />;
  return <AnnouncerDashboard announcerId={id} />;
}

/** announcer.css: at most this wide the menu sits above the content, so it starts closed (a phone sees the dashboard first). */
const STACKED_MENU_WIDTH = '48rem';

function AnnouncerDashboard({ announcerId }: { announcerId: string }) {
  const { dashboard, refused } = useAnnouncerDashboard(announcerId);
  const draw = useAnnouncerDraw(announcerId);
  useThresholdToast(dashboard);
  const [tab, setTab] = useState<AnnouncerTab>('dashboard');
  const [sidebarOpen, setSidebarOpen] = useState(() => !isAtMostWidth(STACKED_MENU_WIDTH));
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const promotions = dashboard?.Promotions ?? [];
  const active = promotions.find((p) => p.assignment_id === selectedId) ?? (dashboard && openingPromotion(dashboard));
  const select = (promotion: AnnouncerPromotion) => {
    setSelectedId(promotion.assignment_id);
    setTab('dashboard');
  };

  return (
    <div
      className={
        sidebarOpen ? 'staff-layout announcer-layout' : 'staff-layout announcer-layout announcer-layout--collapsed'
      }
    >
      <AnnouncerSidebar open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} tab={tab} onTab={setTab} />
      <main id="main" className="staff-main announcer-main">
        <h1 className="staff-title">Announcer dashboard</h1>
        <p className="staff-subtitle">
          {dashboard?.Username ? `Welcome, ${dashboard.Username}` : 'Welcome'}
          {dashboard?.PartnerUsername ? ` · ${dashboard.PartnerUsername}` : ''}
        </p>
        {refused ? (
          <p role="alert" className="notice notice--error">
            {refused}
          </p>
        ) : !dashboard ? (
          <PageLoading />
        ) : promotions.length === 0 ? (
          <p role="status" className="notice">
            {messages.announcer.noPromotions(dashboard.PartnerUsername)}
          </p>
        ) : tab === 'dashboard' ? (
          <>
            <ClearedDrawNotices cleared={dashboard.ClearedToday} />
            <DashboardTab dashboard={dashboard} active={active} draw={draw} />
          </>
        ) : tab === 'promotions' ? (
          <PromotionsTab dashboard={dashboard} active={active} onSelect={select} />
        ) : tab === 'statement' ? (
          <StatementCard owner="announcer" userId={announcerId} refreshKey={JSON.stringify(dashboard.AccountBalance)} />
        ) : (
          <WinnersTab dashboard={dashboard} />
        )}
      </main>
    </div>
  );
}
