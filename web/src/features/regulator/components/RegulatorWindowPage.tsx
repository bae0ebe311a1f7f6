import { PageLoading } from '@web/components/PageLoading';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useSessionGuard } from '@web/hooks/use-session-guard';
import { StaffQueryProvider } from '@web/lib/staff-query';
import { DrawList, PayoutList, UnclaimedPrizes } from './ActivityLists';
import { ComplaintLog } from './ComplaintLog';
import { LiveFigures } from './LiveFigures';
import { SealedDownloads } from './SealedDownloads';
import '@web/styles/staff.css';
import '../regulator.css';

/**
 * /v1/account/regulator/:id (DESIGN section 7; issue 36 part 3), its own
 * chunk: only the signed-in regulator of that id (else /regulator/login).
 * Read-only: today's figures as Reports computes them, draws, payouts, held
 * and unclaimed prizes, the support desk's complaint log, the sealed days
 * and the chained export.
 */
export function RegulatorWindowPage({ regulatorId }: { regulatorId: string }) {
  return (
    <StaffQueryProvider>
      <RegulatorPortal id={regulatorId} />
    </StaffQueryProvider>
  );
}

function RegulatorPortal({ id }: { id: string }) {
  useDocumentTitle('Regulator window');
  const { session } = useSessionGuard('regulator', id, '/regulator/login');
  if (!session) return <PageLoading />;
  return (
    <main id="main" className="staff-main regulator-main">
      <h1 className="staff-title">Regulator window</h1>
      <p className="staff-subtitle">
        Read-only. Numbers are masked. <a href="/logout">Log out</a>
      </p>
      <LiveFigures regulatorId={id} />
      <DrawList regulatorId={id} />
      <PayoutList regulatorId={id} />
      <UnclaimedPrizes regulatorId={id} />
      <ComplaintLog regulatorId={id} />
      <SealedDownloads regulatorId={id} />
    </main>
  );
}
