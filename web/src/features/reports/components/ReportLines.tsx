import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { StaffTable } from '@web/components/staff/StaffTable';
import { errorMessage } from '@web/lib/api-client';
import { replaceQueryData } from '@web/lib/staff-query';
import { fetchReportLines, reportLinesQuery, type LinesRequest } from '@web/features/reports/api/reports';
import { dateTime } from '@web/lib/staff-dates';
import { moneyIn } from './report-money';

/** The entries or draws a figure sums, 50 at a time (the report's traceability). */
export function ReportLines({ adminId, request, title }: { adminId: string; request: LinesRequest; title: string }) {
  const headingId = useId();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const client = useQueryClient();
  // read again when the figure asked for changes
  const firstPage = useQuery(reportLinesQuery(adminId, request));
  const items = firstPage.data?.items ?? [];
  const cursor = firstPage.data?.cursor ?? null;
  const loading = firstPage.isFetching || loadingMore;
  const error = firstPage.error ? errorMessage(firstPage.error, messages.generic.unexpected) : moreError;

  const loadMore = async (from: string) => {
    setLoadingMore(true);
    try {
      const page = await fetchReportLines(adminId, { ...request, cursor: from });
      await replaceQueryData(
        client,
        reportLinesQuery(adminId, request).queryKey,
        (shown) => shown && { ...shown, items: [...shown.items, ...page.items], cursor: page.cursor },
      );
      setMoreError(null);
    } catch (failure) {
      setMoreError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setLoadingMore(false);
    }
  };

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
        <button type="button" className="button button--secondary" onClick={() => void loadMore(cursor)}>
          Load more
        </button>
      ) : null}
    </section>
  );
}
