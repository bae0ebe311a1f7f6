import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PERIOD_KINDS } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { errorMessage } from '@web/lib/api-client';
import { fetchReport, type PeriodKind } from '../api/reports';
import type { TaxAnalyticsForm as Figures } from '../api/tax-analytics';
import { TaxAnalyticsForm } from '../components/tax/TaxAnalyticsForm';
import { useAdmin } from '../hooks/use-admin';

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
  const [prefill, setPrefill] = useState<Figures | undefined>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!period || !value || !(PERIOD_KINDS as readonly string[]).includes(period)) return;
    const abort = new AbortController();
    fetchReport(adminId, period as PeriodKind, value, abort.signal)
      .then((report) => setPrefill(report.taxPrefill))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(failure, messages.generic.unexpected));
      });
    return () => abort.abort();
  }, [adminId, period, value]);

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
