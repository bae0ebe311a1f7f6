import { useState } from 'react';
import { messages } from '@shared/messages';
import { EXPORT_KINDS, type ExportKind } from '@shared/api/schemas/support';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { FormField } from '@web/components/staff/FormField';
import { useAdmin } from '@web/hooks/use-admin';
import { errorMessage } from '@web/lib/api-client';
import { downloadExport } from '../api/support';
import '../support.css';

const LABELS: Record<ExportKind, string> = {
  payouts: 'Payouts',
  winners: 'Winners',
  statements: 'Statements',
  audit: 'Audit log',
  complaints: 'Complaint log',
};

/**
 * exports: CSV of payouts, winners, statements, the audit log (super admins)
 * and the complaint log (the support desk) for any period of GMT days.
 */
export function ExportsScreen() {
  const { adminId, superAdmin } = useAdmin();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const kinds = EXPORT_KINDS.filter((kind) => superAdmin || kind === 'complaints');
  const download = async (kind: ExportKind) => {
    setBusy(kind);
    setError(null);
    try {
      await downloadExport(adminId, kind, from, to);
    } catch (failure) {
      setError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <h1 className="staff-title">Exports</h1>
      <p className="staff-subtitle">
        CSV files for any period (GMT days, both included). Amounts in LRD or USD with 2 decimals; times in ISO 8601.
      </p>
      <section className="staff-card">
        <FormField label="From" type="date" value={from} onChange={setFrom} />
        <FormField label="To" type="date" value={to} onChange={setTo} />
        <div className="staff-form-actions support-actions">
          {kinds.map((kind) => (
            <button
              key={kind}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void download(kind)}
            >
              {LABELS[kind]} CSV
            </button>
          ))}
        </div>
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      </section>
    </>
  );
}
