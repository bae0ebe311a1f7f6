import { appendFileSync } from 'node:fs';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS, METRICS_NAMESPACE, METRICS_SERVICE, type MetricKey, type MetricProvider } from '@shared/metrics';
import { paymentProviderOf } from '@shared/payment-providers';
import { config } from './config';
import { logger } from './logger';

/** The breakdown dimensions a set of catalogue metrics needs (shared/metrics.ts). */
export type BreakdownOf<K extends MetricKey> = Record<(typeof METRICS)[K]['breakdown'][number], string>;

/** One metric's value, or several (one per event, e.g. a latency per entry of a batch). */
export type MetricValues = number | readonly number[];

let emf: { stage: string; metrics: Metrics } | undefined;

/** One Powertools Metrics per stage (the stage is a default dimension; tests may change STAGE). */
function metricsFor(stage: string): Metrics {
  if (emf?.stage !== stage) {
    emf = {
      stage,
      metrics: new Metrics({
        namespace: METRICS_NAMESPACE,
        serviceName: METRICS_SERVICE,
        defaultDimensions: { stage },
      }),
    };
  }
  return emf.metrics;
}

/**
 * Record catalogue metrics (shared/metrics.ts) as ONE CloudWatch EMF line,
 * written at once: nothing is buffered, so no handler has to flush, a
 * Lambda frozen right after loses nothing, and two entries settled side by
 * side in one invocation cannot mix their dimensions. Metrics with a
 * breakdown are emitted under the base dimensions and under base +
 * breakdown. `metadata`: high-cardinality context kept in the log line only
 * (e.g. the entry ids: the correlation ids of the logs). Never throws:
 * observability must not stop money moving.
 */
export function recordMetrics<K extends MetricKey>(
  values: { readonly [P in K]: MetricValues },
  breakdown: BreakdownOf<K>,
  metadata: Readonly<Record<string, string>> = {},
): void {
  try {
    const metrics = metricsFor(config.stage());
    try {
      const split = breakdown as Record<string, string>;
      if (Object.keys(split).length > 0) {
        metrics.addDimensions({});
        metrics.addDimensions(split);
      }
      for (const [key, value] of Object.entries(metadata)) metrics.addMetadata(key, value);
      for (const key of Object.keys(values) as K[]) {
        const { name, unit } = METRICS[key];
        const list: readonly number[] =
          typeof values[key] === 'number' ? [values[key] as number] : (values[key] as readonly number[]);
        for (const value of list) metrics.addMetric(name, unit, value);
      }
      if (!metrics.hasStoredMetrics()) return;
      writeLine(JSON.stringify(metrics.serializeMetrics()));
    } finally {
      metrics.clearMetrics();
      metrics.clearDimensions();
      metrics.clearMetadata();
    }
  } catch (error) {
    logger.warn('metrics not recorded', { metrics: Object.keys(values), error });
  }
}

/** One catalogue metric: see recordMetrics. */
export function recordMetric<K extends MetricKey>(
  key: K,
  value: MetricValues,
  breakdown: BreakdownOf<K>,
  metadata?: Readonly<Record<string, string>>,
): void {
  recordMetrics({ [key]: value } as { [P in K]: MetricValues }, breakdown, metadata);
}

/**
 * Where EMF lines go: stdout, which Lambda sends to CloudWatch Logs (where
 * they become metrics), and where the local stack's developer sees them; or
 * the file the local stack names (METRICS_LOG_FILE: the test stack, whose
 * stdout is the test runner's).
 */
function writeLine(line: string): void {
  const file = config.metricsLogFile();
  if (file) appendFileSync(file, `${line}\n`);
  else process.stdout.write(`${line}\n`);
}

/** The `provider` dimension of a payment from or payout to `msisdn`: whose network it is (functions/integrations/providers.ts). */
export function metricProviderOf(msisdn: string): MetricProvider | 'none' {
  return paymentProviderOf(msisdn) ?? 'none';
}
