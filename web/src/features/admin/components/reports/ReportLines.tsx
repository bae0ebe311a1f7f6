import { useEffect, useId, useState } from 'react';
import type { ReportLinesResponse } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { StaffTable } from '@web/components/staff/StaffTable';
import { errorMessage } from '@web/lib/api-client';
import { fetchReportLines, type LinesRequest } from '@web/features/admin/api/reports';
import { dateTime } from '@web/lib/staff-dates';
import { moneyIn } from './report-money';

/** The entries or draws a figure sums, 50 at a time (the report's traceability). */
export function ReportLines({ adminId, request, title }: { adminId: string; request: LinesRequest; title: string }) {
  const headingId = useId();
  const [items, setItems] = useState<ReportLinesResponse['items']>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = async (from?: string) => {
    setLoading(true);
    try {
      const page = await fetchReportLines(adminId, { ...request, cursor: from });
      setItems((before) => (from ? [...before, ...page.items] : page.items));
      setCursor(page.cursor);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setLoading(false);
    }
  };

  const requestKey = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the figure asked for changes (requestKey), not each render's load
  useEffect(() => {
    setItems([]);
    void load();
  }, [requestKey]);

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      {items.length > 0 ? (
        <StaffTable labelledBy={headingId} columns={['When', 'Reference', 'Amount', 'Status']}>
          <tbody>
            {items.map((line) => (
              <tr key={line.id}>
                <td>
                  <time dateTime={line.at}>{dateTime(line.at)}</time>
                </td>
                <td>
                  <code>{line.kind === 'entry' ? `Entry ${line.id}` : `Draw ${line.id}`}</code>
                </td>
                <td>{moneyIn(line.amount, line.currency)}</td>
                <td>{line.kind === 'entry' ? 'Paid in' : line.paid ? 'Prize paid' : 'Prize owed'}</td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      ) : !loading && !error ? (
        <p className="empty">No lines.</p>
      ) : null}
      {loading ? (
        <LoadingStatus text="Loading lines…" />
      ) : (
        <p role="status" className="staff-count">{`${items.length} line${items.length === 1 ? '' : 's'} shown`}</p>
      )}
      {cursor && !loading ? (
        <button type="button" className="button button--secondary" onClick={() => void load(cursor)}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
