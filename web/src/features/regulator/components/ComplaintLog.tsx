import { useQuery } from '@tanstack/react-query';
import { dateTime } from '@web/lib/staff-dates';
import { complaintsQuery } from '../api/regulator';

/** The support desk's complaint log (issue 36 part 3): each complaint with its resolution, numbers masked. */
export function ComplaintLog({ regulatorId }: { regulatorId: string }) {
  const log = useQuery(complaintsQuery(regulatorId));
  return (
    <section aria-labelledby="complaints-title" className="regulator-section">
      <h2 id="complaints-title">Complaints (last 90 days)</h2>
      {log.error ? (
        <p role="alert">The complaint log could not be loaded.</p>
      ) : !log.data ? (
        <p role="status">Loading complaints…</p>
      ) : log.data.complaints.length === 0 ? (
        <p>No complaint in the last 90 days.</p>
      ) : (
        <ul aria-label="Complaints">
          {log.data.complaints.map((complaint) => (
            <li key={complaint.id} data-complaint={complaint.id}>
              {dateTime(complaint.opened_at)} · {complaint.mobile_number} · {complaint.summary} ·{' '}
              {complaint.status === 'open' ? 'open' : `resolved: ${complaint.resolution ?? ''}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
