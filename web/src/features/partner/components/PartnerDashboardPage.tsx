import { Link, useParams } from 'react-router-dom';
import { PageLoading } from '@web/components/PageLoading';
import { EntriesChart } from '@web/components/staff/EntriesChart';
import { ClearedDrawNotices } from '@web/components/staff/ClearedDrawNotices';
import { StatementCard } from '@web/components/staff/StatementCard';
import { LiveClock } from '@web/components/staff/LiveClock';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useSessionGuard } from '@web/hooks/use-session-guard';
import { ACCOUNT_PATH } from '@web/lib/staff-paths';
import { usePartnerDashboard } from '../hooks/use-partner-dashboard';
import { PartnerAccount, PartnerSummary } from './PartnerSummary';
import { PromotionCards } from './PromotionCards';
import { WinnersTable } from './WinnersTable';
import { StaffQueryProvider } from '@web/lib/staff-query';
import '@web/styles/staff.css';
import '../partner.css';

/**
 * /v1/partner/:id/dashboard (spec section 2, "Partner dashboard"), in its own
 * chunk: only the signed-in partner of that id (else /partner/login, session
 * storage cleared), live from `partner/{id}/dashboard`.
 */
export function PartnerDashboardPage() {
  return (
    <StaffQueryProvider>
      <PartnerPortal />
    </StaffQueryProvider>
  );
}

function PartnerPortal() {
  const { id } = useParams();
  useDocumentTitle('Partner dashboard');
  const { session } = useSessionGuard('partner', id, '/partner/login');
  if (!session || !id) return <PageLoading />;
  return <PartnerDashboard partnerId={id} />;
}

function PartnerDashboard({ partnerId }: { partnerId: string }) {
  const { dashboard, refused } = usePartnerDashboard(partnerId);
  return (
    <div className="staff-layout">
      <main id="main" className="staff-main partner-main">
        <header className="partner-header">
          <div>
            <h1 className="staff-title">Partner dashboard</h1>
            <p className="staff-subtitle">
              {dashboard?.Username ? `Welcome back, ${dashboard.Username}!` : 'Welcome back!'}
            </p>
          </div>
          <div className="partner-header__side">
            <LiveClock />
            <Link className="button button--secondary button--small" to={ACCOUNT_PATH}>
              Account
            </Link>
            <Link className="button button--secondary button--small" to="/logout">
              Log out
            </Link>
          </div>
        </header>
        {refused ? (
          <p role="alert" className="notice notice--error">
            {refused}
          </p>
        ) : !dashboard ? (
          <PageLoading />
        ) : (
          <>
            <ClearedDrawNotices cleared={dashboard.ClearedToday} />
            <PartnerSummary dashboard={dashboard} />
            <PartnerAccount dashboard={dashboard} />
            <PromotionCards dashboard={dashboard} />
            <WinnersTable dashboard={dashboard} />
            <section className="staff-card" aria-labelledby="partner-chart-heading">
              <h2 id="partner-chart-heading">Entries</h2>
              <EntriesChart points={dashboard.EntriesSeries} />
            </section>
            <StatementCard owner="partner" userId={partnerId} refreshKey={JSON.stringify(dashboard.AccountBalance)} />
          </>
        )}
      </main>
    </div>
  );
}
