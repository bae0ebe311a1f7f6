import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SealsResponse } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { SelectField } from '@web/components/staff/SelectField';
import { FormField } from '@web/components/staff/FormField';
import { errorMessage } from '@web/lib/api-client';
import { currentPeriodValue, downloadReportCsv, fetchSeals, reportQuery, type PeriodKind } from '../api/reports';
import { ReportLines } from '../components/ReportLines';
import { ReportTable, TotalsTable, type Drill } from '../components/ReportTable';
import { staffLrd } from '@web/lib/staff-money';
import { useAdmin } from '@web/hooks/use-admin';

const KINDS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const PLACEHOLDER: Record<PeriodKind, string> = { day: '2026-11-25', week: '2026-W48', month: '2026-11' };

/**
 * Reports (super admins; DESIGN section 4 "Tax"): a GMT day, ISO week or
 * month's stakes, prizes paid and owed, gross gaming revenue and the 20%
 * tax, per game, per partner and in total, each currency apart; every
 * stakes and prizes figure opens the entries or draws it sums; CSV download;
 * whether the day is sealed, and a check of the month's seals.
 */
export function ReportsScreen() {
  const { adminId } = useAdmin();
  const [kind, setKind] = useState<PeriodKind>('day');
  const [value, setValue] = useState(() => currentPeriodValue('day'));
  const [shown, setShown] = useState<{ kind: PeriodKind; value: string }>({
    kind: 'day',
    value: currentPeriodValue('day'),
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const [seals, setSeals] = useState<SealsResponse | null>(null);
  const [sealError, setSealError] = useState<string | null>(null);
  const query = useQuery(reportQuery(adminId, shown.kind, shown.value));
  const loading = query.isFetching;
  const report = query.error ? undefined : query.data;
  const error = query.error ? errorMessage(query.error, messages.generic.unexpected) : downloadError;

  const onKind = (next: string) => {
    setKind(next as PeriodKind);
    setValue(currentPeriodValue(next as PeriodKind));
  };
  const onShow = (event: FormEvent) => {
    event.preventDefault();
    // loading from the click itself: the previous period's figures never show under the new period's name
    setDrill(null);
    setSeals(null);
    setDownloadError(null);
    // each "Show report" asks again, even for the period already shown
    const next = { kind, value: value.trim() };
    if (next.kind === shown.kind && next.value === shown.value) void query.refetch();
    else setShown(next);
  };
  const verify = async () => {
    if (!report) return;
    try {
      setSeals(await fetchSeals(adminId, report.period.from.slice(0, 7)));
      setSealError(null);
    } catch (failure) {
      setSealError(errorMessage(failure, messages.generic.unexpected));
    }
  };
  const download = async () => {
    try {
      await downloadReportCsv(adminId, shown.kind, shown.value);
    } catch (failure) {
      setDownloadError(errorMessage(failure, messages.generic.unexpected));
    }
  };

  return (
    <>
      <h1 className="staff-title">Reports</h1>
      <p className="staff-subtitle">
        Stakes, prizes, gross gaming revenue and the 20% tax, for the regulator and the tax filing.
      </p>
      <section className="staff-card" aria-label="Period">
        <form className="form" noValidate onSubmit={onShow}>
          <SelectField label="Period" value={kind} onChange={onKind} options={KINDS} />
          <FormField
            label={KINDS.find((k) => k.value === kind)!.label}
            value={value}
            onChange={setValue}
            placeholder={PLACEHOLDER[kind]}
          />
          <div className="staff-toolbar">
            <button type="submit" className="button button--primary">
              Show report
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!report}
              onClick={() => void download()}
            >
              Download CSV
            </button>
            {report ? (
              <Link
                className="button button--secondary"
                to={`/v1/admin/${adminId}/create-tax-analytics?period=${report.period.kind}&value=${encodeURIComponent(report.period.value)}`}
              >
                File tax for this period
              </Link>
            ) : null}
          </div>
        </form>
      </section>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      {loading ? <LoadingStatus className="page-loading" text="Loading report…" /> : null}
      {report && !loading ? (
        <>
          <section className="staff-card" aria-label="Seal">
            <p role="status">
              {report.seal === null ? (
                'Days are sealed one by one: pick a day to see its seal.'
              ) : report.seal.sealed ? (
                <>
                  {/* the 64-character hash breaks anywhere, as draw commitments do: unbroken, it is wider than a phone */}
                  {`Sealed ${report.period.value}: `}
                  <code className="commitment">{report.seal.hash}</code>
                </>
              ) : (
                `Not sealed yet: ${report.period.value} is sealed once it has ended.`
              )}
            </p>
            <button type="button" className="button button--secondary" onClick={() => void verify()}>
              Verify the month’s seals
            </button>
            {sealError ? <ErrorNotice>{sealError}</ErrorNotice> : null}
            {seals ? (
              <p role="status">
                {seals.status === 'none'
                  ? messages.reports.noSeals
                  : seals.status === 'intact'
                    ? messages.reports.sealsIntact
                    : `${messages.reports.sealsChanged} ${seals.days
                        .filter((d) => d.status !== 'intact')
                        .map((d) => `${d.day} (${d.status.replace('-', ' ')})`)
                        .join(', ')}`}
              </p>
            ) : null}
          </section>
          <section className="staff-card" aria-labelledby="report-totals">
            <h2 id="report-totals">Totals</h2>
            <TotalsTable totals={report.totals} />
            <p>
              For the tax filing, valued in LRD at each entry’s booked rate: stakes{' '}
              {staffLrd(report.filing.stakesValueLrd)}, prizes {staffLrd(report.filing.prizesLrd)}, GGR{' '}
              {staffLrd(report.filing.ggrLrd)}, tax {staffLrd(report.filing.taxLrd)}.
            </p>
          </section>
          <section className="staff-card" aria-labelledby="report-games">
            <h2 id="report-games">Per game</h2>
            <ReportTable caption="Per game" scope="game" rows={report.byGame} onDrill={setDrill} />
          </section>
          <section className="staff-card" aria-labelledby="report-partners">
            <h2 id="report-partners">Per partner</h2>
            <ReportTable caption="Per partner" scope="partner" rows={report.byPartner} onDrill={setDrill} />
          </section>
          {drill ? (
            <ReportLines
              adminId={adminId}
              title={drill.title}
              request={{
                period: report.period.kind,
                value: report.period.value,
                figure: drill.figure,
                scope: drill.scope,
                key: drill.key,
                currency: drill.currency,
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
