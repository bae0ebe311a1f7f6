import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

/**
 * JSON access-log lines (queryable in CloudWatch Logs Insights) for the HTTP
 * and WebSocket API stages. No request bodies, headers or cookies: nothing
 * secret or personal beyond the caller's address.
 */
export function accessLogFormat(kind: 'http' | 'websocket' = 'http'): AccessLogFormat {
  const common = {
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTimeEpoch',
    routeKey: '$context.routeKey',
    status: '$context.status',
    integrationError: '$context.integrationErrorMessage',
    integrationLatency: '$context.integrationLatency',
  };
  const specific =
    kind === 'http'
      ? { method: '$context.httpMethod', path: '$context.path', responseLength: '$context.responseLength' }
      : { eventType: '$context.eventType', connectionId: '$context.connectionId' };
  return AccessLogFormat.custom(JSON.stringify({ ...common, ...specific }));
}
