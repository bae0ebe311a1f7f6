import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../constructs/domain-function';

/** Emitted by the payment reconciliation job (DESIGN section 8) with Powertools Metrics. */
export const PAYMENTS_STUCK_PENDING_METRIC = 'PaymentsStuckPending';

export interface ObservabilityStackProps extends StackProps {
  /** Every Lambda, by name: one errors alarm each. */
  readonly functions: Readonly<Record<string, IFunction>>;
  /** Every dead-letter queue, by name: alarm as soon as one holds a message. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** Powertools service name of the function that emits PaymentsStuckPending. */
  readonly reconciliationService: string;
  /** Optional e-mail address subscribed to the alarm topic. */
  readonly alarmEmail?: string;
}

/**
 * Alarms (DESIGN section 2: DLQ depth, Lambda errors, payments stuck pending)
 * publishing to one encrypted SNS topic.
 */
export class ObservabilityStack extends Stack {
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

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
    const action = new SnsAction(this.alarmTopic);

    const alarm = (id: string, metric: cloudwatch.IMetric, description: string, threshold = 0) => {
      const created = new cloudwatch.Alarm(this, id, {
        metric,
        alarmDescription: description,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

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
    }

    // Powertools Metrics always adds the `service` dimension, so the alarm names it.
    alarm(
      'PaymentsStuckPending',
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: PAYMENTS_STUCK_PENDING_METRIC,
        dimensionsMap: { service: props.reconciliationService },
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      'Payments have stayed PENDING after reconciliation re-queried the provider (DESIGN section 8): money may be in limbo.',
    );
  }
}
