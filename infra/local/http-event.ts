import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteSpec } from '@shared/api/routes';

/**
 * Build the APIGatewayProxyEventV2 (payload format 2.0) that API Gateway's
 * HTTP API would deliver for this request. `route` is the matched routing
 * table entry, or undefined for the catch-all `ANY /api/{proxy+}`.
 */
export function toHttpApiEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: { spec: RouteSpec; params: Record<string, string> } | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') {
      for (const part of (Array.isArray(value) ? value.join(';') : value).split(';')) {
        if (part.trim()) cookies.push(part.trim());
      }
      continue;
    }
    headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const method = (req.method ?? 'GET').toUpperCase();
  const routeKey = route
    ? `${route.spec.method} ${route.spec.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`
    : 'ANY /api/{proxy+}';
  const textual = /json|text|x-www-form-urlencoded|xml/.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: `${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(route && Object.keys(route.params).length > 0 ? { pathParameters: route.params } : {}),
    ...(body.length > 0
      ? textual
        ? { body: body.toString('utf8'), isBase64Encoded: false }
        : { body: body.toString('base64'), isBase64Encoded: true }
      : { isBase64Encoded: false }),
  };
}

/** Match a path against the routing table like API Gateway: static segments beat parameters. */
export function matchRoute(
  table: ReadonlyArray<readonly [string, RouteSpec]>,
  method: string,
  path: string,
): { spec: RouteSpec; params: Record<string, string> } | undefined {
  let best: { spec: RouteSpec; params: Record<string, string>; paramCount: number } | undefined;
  const segments = path.split('/');
  for (const [, spec] of table) {
    if (spec.method !== method) continue;
    const pattern = spec.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < pattern.length; i += 1) {
      const p = pattern[i]!;
      const s = segments[i]!;
      if (p.startsWith(':')) {
        if (s === '') {
          matched = false;
          break;
        }
        params[p.slice(1)] = safeDecode(s);
      } else if (p !== s) {
        matched = false;
        break;
      }
    }
    if (!matched) continue;
    const paramCount = Object.keys(params).length;
    if (!best || paramCount < best.paramCount) best = { spec, params, paramCount };
  }
  return best && { spec: best.spec, params: best.params };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
