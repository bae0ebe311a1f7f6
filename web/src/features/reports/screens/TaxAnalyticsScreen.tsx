import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PERIOD_KINDS } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { errorMessage } from '@web/lib/api-client';
import { reportQuery } from '../api/reports';
import { TaxAnalyticsForm } from '../components/TaxAnalyticsForm';
import { useAdmin } from '@web/hooks/use-admin';

/**
 * create-tax-analytics: the Tax Analytics form on its own (spec section 2).
 * Opened from a report (?period=…&value=…), its four figures are filled in
 * from that period's report instead of typed by hand, and stay editable.
 */
export function TaxAnalyticsScreen() {
  const { adminId } = useAdmin();
  const [search] = useSearchParams();
  const period = search.get('period');
  const value = search.get('value');
  const kind = PERIOD_KINDS.find((known) => known === period);
  // the Reports screen's own read of that period (one cache entry for both screens)
  const report = useQuery({ ...reportQuery(adminId, kind ?? 'day', value ?? ''), enabled: Boolean(kind && value) });
  const prefill = report.data?.taxPrefill;
  const error = report.error ? errorMessage(report.error, messages.generic.unexpected) : null;

  return (
    <>
      <h1 className="staff-title">Tax Analytics</h1>
      <p className="staff-subtitle">File the figures paid to winners and the 20% tax paid to government.</p>
      {prefill ? (
        <p role="status">
          {messages.reports.prefilled} ({period} {value})
        </p>
      ) : null}
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      {/* a report's figures arrive after the form showed empty: a new form starts from them */}
      <TaxAnalyticsForm key={prefill ? 'from-report' : 'empty'} initial={prefill} />
    </>
  );
}
