import { Annotations, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRIC_PROVIDERS, METRICS, METRICS_NAMESPACE, METRICS_SERVICE, type MetricKey } from '@shared/metrics';

export interface ObservabilityStackProps extends StackProps {
  /** Deployment stage: the `stage` dimension of the custom metrics (functions/platform/metrics.ts). */
  readonly stage: string;
  /** Every Lambda, by name: errors, throttles and duration alarms each. */
  readonly functions: Readonly<Record<string, lambda.Function>>;
  /** Which of `functions` consumes the table's stream (iterator age alarm). */
  readonly streamFunction: string;
  /** The HTTP API (5xx rate alarm). */
  readonly httpApi: IHttpApi;
  /** Every dead-letter queue, by name: alarm as soon as one holds a message. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** E-mail address subscribed to the alarm topic. Without one nobody is told: the synth warns. */
  readonly alarmEmail?: string;
}

/** The warning a deploy without an alarm recipient gets (cdk Annotations and the console). */
export const NO_ALARM_RECIPIENT =
  'No alarm recipient: alarms publish to the SNS topic but nobody is subscribed, so nobody is told. Deploy with -c alarmEmail=<address> (or subscribe to the topic yourself).';

/** Duration alarm: p99 above this share of the function's timeout (a Lambda about to time out). */
const DURATION_ALARM_SHARE = 0.8;
/** Stream fan-out behind by more than this (DESIGN section 9 wants changes on dashboards within 1 s). */
const ITERATOR_AGE_ALARM_MS = 60_000;

/**
 * Alarms and the dashboard (DESIGN section 2, observability). Every alarm
 * publishes to one encrypted SNS topic. Custom metrics are named only
 * through the catalogue (shared/metrics.ts), which the functions emit by.
 * Metrics the scheduled jobs emit every minute (zero included) treat missing
 * data as breaching: silence means the job that watches the money stopped.
 */
export class ObservabilityStack extends Stack {
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);

    // A customer-managed key: the AWS-managed aws/sns key cannot grant CloudWatch, so alarms could not publish.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: 'raffle alarm topic encryption',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'raffle alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    else {
      Annotations.of(this).addWarningV2('raffle:alarmRecipient', NO_ALARM_RECIPIENT);
      console.warn(`\n  ⚠ ${NO_ALARM_RECIPIENT}\n`);
    }
    const action = new SnsAction(this.alarmTopic);

    const alarm = (
      alarmId: string,
      metric: cloudwatch.IMetric,
      description: string,
      options: { threshold?: number; periods?: number; missing?: cloudwatch.TreatMissingData } = {},
    ) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        metric,
        alarmDescription: description,
        threshold: options.threshold ?? 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: options.periods ?? 1,
        treatMissingData: options.missing ?? cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    /** A catalogue metric under the base dimensions (what the functions' every emit carries). */
    const custom = (
      key: MetricKey,
      statistic: string,
      period = Duration.minutes(5),
      breakdown: Record<string, string> = {},
    ) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRICS[key].name,
        dimensionsMap: { service: METRICS_SERVICE, stage: props.stage, ...breakdown },
        period,
        statistic,
      });

    // --- dead-letter queues, and every Lambda's errors, throttles and duration ---
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}DlqDepth`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        `The ${name} dead-letter queue holds messages: records were given up on and need a look.`,
      );
    }
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}FunctionErrors`,
        fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        `The ${name} Lambda threw errors (unhandled exceptions or timeouts) in the last 5 minutes.`,
      );
      alarm(
        `${name}FunctionThrottles`,
        fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        `The ${name} Lambda was throttled (concurrency limit): requests or events were refused or delayed.`,
      );
      const timeoutMs = (fn.timeout ?? Duration.seconds(3)).toMilliseconds();
      alarm(
        `${name}FunctionDuration`,
        fn.metricDuration({ period: Duration.minutes(5), statistic: 'p99' }),
        `The ${name} Lambda's p99 duration passed ${DURATION_ALARM_SHARE * 100}% of its ${timeoutMs / 1000} s timeout: it is close to timing out.`,
        { threshold: Math.round(timeoutMs * DURATION_ALARM_SHARE), periods: 2 },
      );
    }

    // --- the API and the stream ---
    const apiRequests = props.httpApi.metricCount({ period: Duration.minutes(5), statistic: 'Sum' });
    const api5xx = props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' });
    alarm(
      'Api5xxRate',
      new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { requests: apiRequests, errors: api5xx },
        period: Duration.minutes(5),
        label: 'API 5xx %',
      }),
      'Over 1% of API answers in 5 minutes were 5xx (DESIGN section 7: a 500 is a bug; a 503 an unreachable dependency).',
      { threshold: 1 },
    );
    const stream = props.functions[props.streamFunction];
    if (!stream) throw new Error(`no function named ${props.streamFunction} to watch the stream of`);
    alarm(
      'StreamIteratorAge',
      stream.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' }),
      `The table stream's fan-out is over ${ITERATOR_AGE_ALARM_MS / 1000} s behind for 3 minutes: live dashboards are stale.`,
      { threshold: ITERATOR_AGE_ALARM_MS, periods: 3 },
    );

    // --- the money (custom metrics, shared/metrics.ts) ---
    alarm(
      'PaymentsStuckPending',
      custom('paymentsStuckPending', 'Maximum'),
      'Payments have stayed PENDING over five minutes after they were requested, for 10 minutes (DESIGN section 8): money may be in limbo. No data: the stuck-payments job is not running.',
      { periods: 2, missing: cloudwatch.TreatMissingData.BREACHING },
    );
    alarm(
      'PayoutsStuck',
      custom('payoutsStuck', 'Minimum'),
      'Payouts in flight stay unsettled by the provider (or it cannot be asked) for 15 minutes: held money is neither paid nor restored. No data: the payouts job is not running.',
      { periods: 3, missing: cloudwatch.TreatMissingData.BREACHING },
    );
    alarm(
      'ReconciliationBacklog',
      custom('reconciliationBacklog', 'Minimum'),
      'Over 100 payments have waited over a minute for reconciliation for 15 minutes: callbacks are not arriving or the provider is not answering. No data: the reconciliation job is not running.',
      { threshold: 100, periods: 3, missing: cloudwatch.TreatMissingData.BREACHING },
    );
    alarm(
      'LatePayments',
      custom('latePayments', 'Sum', Duration.minutes(15)),
      'A provider reported a payment SUCCESSFUL after the product had failed or expired its entry (DESIGN section 4): it became a ticket or a refund, but the product gave up too early.',
    );
    alarm(
      'SmsFailures',
      custom('smsFailed', 'Sum', Duration.minutes(15)),
      'More than 3 SMS were given up for good in 15 minutes: players are not getting their tickets or prize news.',
      { threshold: 3 },
    );
    alarm(
      'SmsAccountHeld',
      custom('smsAccountHeld', 'Sum', Duration.minutes(15)),
      "The SMS gateway refused to send for our account (out of credit or a risk hold): tickets are owed and retried, but nothing goes out until the Africa's Talking account is topped up or cleared.",
    );
    for (const provider of METRIC_PROVIDERS) {
      alarm(
        `ProviderErrorRate${provider}`,
        new cloudwatch.MathExpression({
          // a few calls prove nothing: rate only once there are 5
          expression: 'IF(calls >= 5, 100 * errors / calls, 0)',
          usingMetrics: {
            calls: custom('providerCalls', 'Sum', Duration.minutes(5), { provider }),
            errors: custom('providerErrors', 'Sum', Duration.minutes(5), { provider }),
          },
          period: Duration.minutes(5),
          label: `${provider} error %`,
        }),
        `Over 20% of calls to the ${provider} mobile-money API failed (network, timeout, 5xx) for 10 minutes: payments and payouts wait on reconciliation.`,
        { threshold: 20, periods: 2 },
      );
    }

    this.dashboard = this.buildDashboard(props, custom, { apiRequests, api5xx, stream });
  }

  /** Money flow first (entries, settlements, payouts), then the health signals, then every alarm's state. */
  private buildDashboard(
    props: ObservabilityStackProps,
    custom: (
      key: MetricKey,
      statistic: string,
      period?: Duration,
      breakdown?: Record<string, string>,
    ) => cloudwatch.Metric,
    health: { apiRequests: cloudwatch.Metric; api5xx: cloudwatch.Metric; stream: lambda.Function },
  ): cloudwatch.Dashboard {
    const sum = (key: MetricKey) => custom(key, 'Sum').with({ label: METRICS[key].name });
    const graph = (title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width: 8, height: 6 });
    /** A breakdown (per game and provider, …): every dimension value the metric was emitted with. */
    const split = (key: MetricKey, statistic: string) => {
      const dims = ['service', 'stage', ...METRICS[key].breakdown].join(',');
      return new cloudwatch.MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},${dims}} MetricName="${METRICS[key].name}" stage="${props.stage}"', '${statistic}', 300)`,
        usingMetrics: {},
        label: '',
        period: Duration.minutes(5),
      });
    };
    const fns = Object.values(props.functions);

    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `raffle-${props.stage}`,
      defaultInterval: Duration.hours(6),
    });
    dashboard.addWidgets(
      new cloudwatch.TextWidget({ markdown: `# Raffle ${props.stage}: money flow`, width: 24, height: 1 }),
    );
    dashboard.addWidgets(
      graph('Entries: started, settled, failed', [sum('entriesStarted'), sum('entriesSettled'), sum('entriesFailed')]),
      graph('Money in and out (LRD cents)', [sum('stakesSettled'), sum('payoutsPaidValue')]),
      graph(
        'Request to ticket (ms)',
        ['p50', 'p95', 'p99'].map((p) => custom('settleLatency', p).with({ label: `settle ${p}` })),
      ),
    );
    dashboard.addWidgets(
      graph('Settled by game and provider', [split('entriesSettled', 'Sum')]),
      graph(
        'Payouts: paid, failed, stuck',
        [sum('payoutsPaid'), sum('payoutsFailed')],
        [custom('payoutsStuck', 'Maximum').with({ label: 'PayoutsStuck' })],
      ),
      graph('Payments waiting', [
        custom('paymentsStuckPending', 'Maximum').with({ label: 'stuck pending > 5 min' }),
        custom('reconciliationBacklog', 'Maximum').with({ label: 'reconciliation backlog' }),
      ]),
    );
    dashboard.addWidgets(new cloudwatch.TextWidget({ markdown: '# Health', width: 24, height: 1 }));
    dashboard.addWidgets(
      graph('SMS sent and failed', [sum('smsSent'), sum('smsFailed')]),
      graph('Provider calls and errors', [split('providerCalls', 'Sum')], [split('providerErrors', 'Sum')]),
      graph(
        'API requests and 5xx',
        [health.apiRequests.with({ label: 'requests' })],
        [health.api5xx.with({ label: '5xx' })],
      ),
    );
    dashboard.addWidgets(
      graph(
        'Lambda errors and throttles',
        fns.map((fn) => fn.metricErrors({ statistic: 'Sum' })),
        fns.map((fn) => fn.metricThrottles({ statistic: 'Sum' })),
      ),
      graph(
        'Lambda duration p99',
        fns.map((fn) => fn.metricDuration({ statistic: 'p99' })),
      ),
      graph(
        'Stream iterator age and dead letters',
        [health.stream.metric('IteratorAge', { statistic: 'Maximum' })],
        Object.values(props.deadLetterQueues).map((q) =>
          q.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum' }),
        ),
      ),
    );
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
    );
    return dashboard;
  }
}
