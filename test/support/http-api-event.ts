import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A minimal HTTP API (payload format 2.0) event, as API Gateway hands one to
 * a domain Lambda: for calling a domain's app in process.
 */
export function anHttpApiEvent(
  method: string,
  path: string,
  headers: Record<string, string>,
  options: { body?: string; sourceIp?: string } = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.example',
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '130.176.1.1', userAgent: 'test' },
      requestId: 'r1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  } as APIGatewayProxyEventV2;
}
