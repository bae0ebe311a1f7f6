import { useId, useState, type FormEvent } from 'react';
import type { ExclusionRecord } from '@shared/api/schemas/players';
import { messages } from '@shared/messages';
import { EXCLUSION_PERIODS, type ExclusionPeriod } from '@shared/responsible-play';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { Field, FormField } from '@web/components/staff/FormField';
import { errorMessage } from '@web/lib/api-client';
import { formatGmtDate } from '@web/lib/dates';
import { excludePlayer, fetchExclusion, liftPlayerExclusion } from '../api/players';
import { useAdmin } from '@web/hooks/use-admin';
import { ExcludedPlayersList } from './ExcludedPlayersList';

const PERIOD_LABELS: Record<ExclusionPeriod, string> = {
  '1-month': '1 month',
  '6-months': '6 months',
  permanent: 'Permanently',
};

function describe(record: ExclusionRecord): string {
  if (!record.excluded) return `${record.mobile_number} is not excluded.`;
  const period = record.permanent ? 'permanently' : `until ${formatGmtDate(record.until ?? '')}`;
  return `${record.mobile_number} is excluded ${period} (set by ${record.by === 'player' ? 'the player' : 'an admin'}).`;
}

/**
 * player-exclusion: look up a number's self-exclusion, exclude it for a
 * period or for good, or lift it (DESIGN section 7). Any
 * admin; every change is audit-logged by the server.
 */
export function PlayerExclusionScreen() {
  const { adminId } = useAdmin();
  const periodId = useId();
  const [mobile, setMobile] = useState('');
  const [period, setPeriod] = useState<ExclusionPeriod>('6-months');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [lifting, setLifting] = useState<string | null>(null);
  // the list is read again after every change made here
  const [changes, setChanges] = useState(0);

  // `number`: the one the call is about (the form's, or a row's of the list)
  const run =
    (call: () => Promise<{ message?: string; Exclusion: ExclusionRecord }>, number = mobile) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!number.trim()) {
        setError(messages.validation.allFieldsRequired);
        return;
      }
      setSending(true);
      setError(null);
      setStatus(null);
      try {
        const answer = await call();
        setStatus([answer.message, describe(answer.Exclusion)].filter(Boolean).join(' '));
        if (answer.message) setChanges((count) => count + 1);
      } catch (failure) {
        setError(errorMessage(failure, messages.generic.unexpected));
      } finally {
        setSending(false);
      }
    };

  return (
    <>
      <h1 className="staff-title">Player exclusion</h1>
      <p className="staff-subtitle">
        Stop a mobile number from entering any draw, on the website and by USSD, or lift its exclusion.
      </p>
      <section className="staff-card">
        <form className="form" noValidate onSubmit={run(() => excludePlayer(adminId, mobile, period))}>
          <FormField
            label="Mobile number"
            mandatory
            inputMode="tel"
            placeholder="0886123456"
            value={mobile}
            onChange={setMobile}
          />
          <Field id={periodId} label="Period">
            <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as ExclusionPeriod)}>
              {EXCLUSION_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {PERIOD_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          <div className="staff-form-actions">
            <button type="submit" className="button button--primary" disabled={sending}>
              Exclude
            </button>
            <button
              type="button"
              className="button"
              disabled={sending}
              // a lifted exclusion lets the number play again at once: asked first
              onClick={() =>
                mobile.trim() ? setLifting(mobile.trim()) : setError(messages.validation.allFieldsRequired)
              }
            >
              Lift exclusion
            </button>
            <button
              type="button"
              className="button"
              disabled={sending}
              onClick={() => void run(() => fetchExclusion(adminId, mobile))()}
            >
              Check
            </button>
          </div>
        </form>
        {status ? <p role="status">{status}</p> : null}
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      </section>
      <ExcludedPlayersList adminId={adminId} refreshKey={changes} onLift={setLifting} />
      {lifting ? (
        <ConfirmDialog
          title="Lift exclusion"
          confirmLabel="Lift exclusion"
          onConfirm={() => run(() => liftPlayerExclusion(adminId, lifting), lifting)()}
          onClose={() => setLifting(null)}
        >
          <p>
            Lift the exclusion of <strong>{lifting}</strong>? The number can enter draws again at once, on the website
            and by USSD. This is recorded in the audit log.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
