import { metricProviderOf, recordMetric, recordMetrics } from '../../platform/metrics';
import type { Entry } from './store/entries';

/**
 * The money-flow metrics of entries (shared/metrics.ts), by game and
 * provider; each line carries its entries' ids, the correlation id their
 * logs carry from payment request to ticket SMS.
 */

/** An entry's payment failed, was refused or expired (counted by whoever made it fail: once). */
export function recordEntryFailed(entry: Entry, reason: string): void {
  recordMetric(
    'entriesFailed',
    1,
    { game: entry.game, provider: metricProviderOf(entry.msisdn) },
    { correlationId: entry.id, reason },
  );
}

/**
 * A settled batch (one transaction, one draw window, so one game): its
 * count, stake value and each entry's request-to-ticket latency, one line
 * per provider. `valueLrdCents[i]`: entry i's stake in LRD cents.
 */
export function recordEntriesSettled(paid: readonly Entry[], valueLrdCents: readonly number[], paidAt: Date): void {
  const byProvider = new Map<string, number[]>();
  paid.forEach((entry, i) => {
    const provider = metricProviderOf(entry.msisdn);
    byProvider.set(provider, [...(byProvider.get(provider) ?? []), i]);
  });
  for (const [provider, indexes] of byProvider) {
    const entries = indexes.map((i) => paid[i]!);
    recordMetrics(
      {
        entriesSettled: entries.length,
        stakesSettled: indexes.reduce((sum, i) => sum + valueLrdCents[i]!, 0),
        settleLatency: entries.map((entry) => Math.max(0, paidAt.getTime() - Date.parse(entry.createdAt))),
      },
      { game: paid[0]!.game, provider },
      { correlationIds: entries.map((entry) => entry.id).join(',') },
    );
  }
}
