import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadExport, downloadSealed, sealsQuery } from '../api/regulator';

const today = () => new Date().toISOString().slice(0, 10);

/** The sealed days with their chain, and the hash-chained export since a day: each download audit-logged. */
export function SealedDownloads({ regulatorId }: { regulatorId: string }) {
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [since, setSince] = useState(today);
  const [failed, setFailed] = useState<string | null>(null);
  const seals = useQuery({ ...sealsQuery(regulatorId, month), enabled: /^\d{4}-\d{2}$/.test(month) });
  const run = (download: () => Promise<void>) => {
    setFailed(null);
    download().catch(() => setFailed('The download failed. Check the dates and try again.'));
  };
  return (
    <section aria-labelledby="sealed-title" className="regulator-section">
      <h2 id="sealed-title">Sealed records</h2>
      <label>
        Month <input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </label>
      <p data-testid="seal-status">
        {seals.data ? `Chain ${seals.data.status}: ${seals.data.days.length} sealed days` : 'Checking the chain…'}
      </p>
      <button type="button" onClick={() => run(() => downloadSealed(regulatorId, month))}>
        Download sealed reports
      </button>
      <label>
        Export since <input type="date" value={since} max={today()} onChange={(e) => setSince(e.target.value)} />
      </label>
      <button type="button" onClick={() => run(() => downloadExport(regulatorId, since))}>
        Download chained export
      </button>
      <p>Check a download offline with npm run verify-export.</p>
      {failed ? <p role="alert">{failed}</p> : null}
    </section>
  );
}
