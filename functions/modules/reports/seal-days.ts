import { dayBefore } from '../../platform/periods';
import { reportPeriod, type Report } from './report';
import { GENESIS_HASH } from '@shared/export-chain';
import { sealHash, verifySeals, type SealStatus } from './report-seal';
import { logger } from '../../platform/logger';
import { putSealedReport, sealedReportBefore, sealedReportsBetween } from './store/sealed-reports';
import { readReport } from './read-report';

/**
 * The daily sealed report (the regulator's record): once a GMT day has
 * ended, its report is stored with hash = SHA-256(canonical JSON + the
 * previous sealed day's hash). Days are sealed in order, only after the
 * latest sealed day (the chain is never inserted into), catching up at most
 * CATCH_UP_DAYS after downtime.
 */
const CATCH_UP_DAYS = 31;
/** A day is sealed this long after it ends: a settlement or draw begun at 23:59:59 has committed by then. */
const SEAL_DELAY_MS = 10 * 60_000;

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function sealDailyReports(now: Date): Promise<{ sealed: number; lastSealed?: string }> {
  const lastClosed = dayBefore(new Date(now.getTime() - SEAL_DELAY_MS), 1);
  let latest = await sealedReportBefore();
  const earliest = dayBefore(now, CATCH_UP_DAYS);
  let day = latest ? nextDay(latest.day) : lastClosed;
  if (day < earliest) day = earliest;
  let sealed = 0;
  while (day <= lastClosed) {
    const report = await readReport(reportPeriod('day', day)!);
    const prevHash = latest?.hash ?? GENESIS_HASH;
    const record = {
      day,
      report,
      hash: sealHash(report, prevHash),
      prevDay: latest?.day,
      prevHash,
      sealedAt: now.toISOString(),
    };
    if (!(await putSealedReport(record))) {
      // a racing run sealed it: go on from what is stored
      latest = await sealedReportBefore(nextDay(day));
      day = nextDay(latest?.day ?? day);
      continue;
    }
    sealed += 1;
    latest = record;
    day = nextDay(day);
  }
  if (sealed > 0) logger.info('daily reports sealed', { sealed, lastSealed: latest?.day });
  return { sealed, lastSealed: latest?.day };
}

/** Every sealed day of a month (`2026-11`) checked against its hash, the chain and the data as it is now. */
export async function verifySealedMonth(
  month: string,
): Promise<{ status: 'intact' | 'changed' | 'none'; days: Array<{ day: string; hash: string; status: SealStatus }> }> {
  const days = await sealedReportsBetween(`${month}-01`, `${month}-31`);
  if (days.length === 0) return { status: 'none', days: [] };
  const before = await sealedReportBefore(days[0]!.day);
  const recomputed = new Map<string, Report>();
  // recompute each sealed day from the data (a handful of reads per day, a day at a time)
  for (const sealed of days) recomputed.set(sealed.day, await readReport(reportPeriod('day', sealed.day)!));
  const checked = verifySeals(days, before, (day) => recomputed.get(day));
  return { status: checked.every((d) => d.status === 'intact') ? 'intact' : 'changed', days: checked };
}
