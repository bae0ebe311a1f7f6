import { PAYMENT_PROVIDERS, type PaymentProvider } from './payment-providers';

/**
 * The custom CloudWatch metrics of the platform: the ONE list of their
 * names, units and dimensions. The functions emit them through
 * functions/platform/metrics.ts and the alarms and dashboard of
 * infra/stacks/observability-stack.ts watch them by these same entries, so a
 * renamed metric cannot leave an alarm watching nothing
 * (test/infra/metric-catalogue.test.ts checks every watched entry is emitted).
 */

/** CloudWatch namespace of every custom metric. */
export const METRICS_NAMESPACE = 'Raffle';

/**
 * The `service` dimension Powertools puts on every metric. One value for the
 * whole platform, not the emitting Lambda's name: settlement, for one, runs
 * in the webhook, stream and jobs Lambdas alike, and an alarm can only watch
 * one dimension set.
 */
export const METRICS_SERVICE = 'raffle';

/** The mobile-money providers, as the `provider` dimension names them (MobileMoneyProvider.name). */
export const METRIC_PROVIDERS = PAYMENT_PROVIDERS;
export type MetricProvider = PaymentProvider;

type MetricUnitName = 'Count' | 'Milliseconds';

export interface MetricDefinition {
  readonly name: string;
  readonly unit: MetricUnitName;
  /**
   * Breakdown dimensions beside the base ones. A metric with a breakdown is
   * emitted twice in one EMF line: under the base dimensions alone (what
   * alarms and totals read) and under base + breakdown (the dashboard's split).
   */
  readonly breakdown: readonly string[];
  readonly description: string;
}

export const METRICS = {
  entriesStarted: {
    name: 'EntriesStarted',
    unit: 'Count',
    breakdown: ['game', 'provider'],
    description: 'Payments requested from a provider (entries created pending).',
  },
  entriesSettled: {
    name: 'EntriesSettled',
    unit: 'Count',
    breakdown: ['game', 'provider'],
    description: 'Paid entries settled into tickets.',
  },
  stakesSettled: {
    name: 'StakesSettledLrdCents',
    unit: 'Count',
    breakdown: ['game', 'provider'],
    description: 'Value of the settled entries, LRD cents (USD at the entry rate).',
  },
  settleLatency: {
    name: 'SettleLatency',
    unit: 'Milliseconds',
    breakdown: ['game', 'provider'],
    description: 'From payment request to ticket, per entry.',
  },
  entriesFailed: {
    name: 'EntriesFailed',
    unit: 'Count',
    breakdown: ['game', 'provider'],
    description: 'Payments that failed, were refused or expired: never tickets.',
  },
  payoutsPaid: {
    name: 'PayoutsPaid',
    unit: 'Count',
    breakdown: ['kind'],
    description: 'Payouts the provider confirmed.',
  },
  payoutsPaidValue: {
    name: 'PayoutsPaidLrdCents',
    unit: 'Count',
    breakdown: ['kind'],
    description: 'Value of the confirmed payouts, LRD cents.',
  },
  payoutsFailed: {
    name: 'PayoutsFailed',
    unit: 'Count',
    breakdown: ['kind'],
    description: 'Payouts that failed (the held amount went back).',
  },
  payoutsStuck: {
    name: 'PayoutsStuck',
    unit: 'Count',
    breakdown: [],
    description:
      'Payouts in flight over a minute that the provider still does not settle (or cannot be asked), per reconciliation run.',
  },
  smsSent: {
    name: 'SmsSent',
    unit: 'Count',
    breakdown: ['purpose'],
    description: 'SMS the gateway accepted.',
  },
  smsFailed: {
    name: 'SmsFailed',
    unit: 'Count',
    breakdown: ['purpose'],
    description: 'SMS given up for good (refused, or out of attempts).',
  },
  smsAccountHeld: {
    name: 'SmsAccountHeld',
    unit: 'Count',
    breakdown: [],
    description:
      "SMS attempts the gateway held for our account (Africa's Talking 401 RiskHold, 405 InsufficientBalance): owed, retried after a long wait until the account is fixed.",
  },
  paymentsStuckPending: {
    name: 'PaymentsStuckPending',
    unit: 'Count',
    breakdown: [],
    description:
      'Payments still pending five minutes after they were requested, per run of the stuck-payments job: money may be in limbo.',
  },
  latePayments: {
    name: 'LatePayments',
    unit: 'Count',
    breakdown: ['provider'],
    description:
      'Payments the provider reported SUCCESSFUL after the entry had failed or expired: each became a ticket or a refund.',
  },
  reconciliationBacklog: {
    name: 'ReconciliationBacklog',
    unit: 'Count',
    breakdown: [],
    description: 'Payments pending over a minute that one reconciliation run had to ask the provider about.',
  },
  providerCalls: {
    name: 'ProviderCalls',
    unit: 'Count',
    breakdown: ['provider'],
    description: 'HTTP calls to a mobile-money provider.',
  },
  providerErrors: {
    name: 'ProviderErrors',
    unit: 'Count',
    breakdown: ['provider'],
    description: 'Provider calls with no usable answer (network error, timeout, 5xx).',
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricKey = keyof typeof METRICS;
