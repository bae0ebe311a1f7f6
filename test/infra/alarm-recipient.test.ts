// @vitest-environment node
import { App, Duration, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ALARM_RECIPIENT, ObservabilityStack } from '../../infra/stacks/observability-stack';

/** The observability stack alone, over stand-in functions (no bundling): who is told when an alarm fires. */
function observability(alarmEmail?: string): ObservabilityStack {
  const app = new App();
  const workload = new Stack(app, 'Workload');
  const fn = (id: string) =>
    new lambda.Function(workload, id, {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
      timeout: Duration.seconds(10),
    });
  return new ObservabilityStack(app, 'Observability', {
    stage: 'test',
    functions: { public: fn('Public'), stream: fn('Stream') },
    streamFunction: 'stream',
    httpApi: new apigwv2.HttpApi(workload, 'Api'),
    deadLetterQueues: { fanOut: new sqs.Queue(workload, 'Dlq') },
    alarmEmail,
  });
}

describe('the alarm recipient', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('with -c alarmEmail: the address is subscribed to the alarm topic, and nothing is said', () => {
    const stack = observability('ops@example.com');
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('No alarm recipient'));
    expect(warn).not.toHaveBeenCalled();
  });

  it('without one: nobody is subscribed, and the synth warns loudly (a cdk warning and the console)', () => {
    const stack = observability();
    Template.fromStack(stack).resourceCountIs('AWS::SNS::Subscription', 0);
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('No alarm recipient'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(NO_ALARM_RECIPIENT));
  });
});
