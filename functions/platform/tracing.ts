import { createRequire } from 'node:module';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { logger } from './logger';

/**
 * X-Ray tracing of our calls out (Powertools Tracer): every AWS SDK client
 * made through tracedClient, and every fetch (the providers' HTTP clients,
 * functions/integrations/provider-http.ts, and the SMS gateway's), which the
 * Tracer instruments itself once it exists.
 *
 * The Tracer and the X-Ray SDK it needs weigh ~120 KB minified: bundled,
 * three Lambdas would pass DESIGN section 9's 500 KB. So they are not
 * bundled: in Lambda they come from the Powertools layer of the same version
 * (infra/constructs/domain-function.ts), loaded with a plain `require` that
 * esbuild leaves alone and that finds the layer's /opt/nodejs/node_modules
 * (NODE_PATH). Outside Lambda (the local stack, tests, the bundle bench)
 * nothing is loaded and every call is a pass-through.
 */
const tracer: Tracer | undefined = loadTracer();

function loadTracer(): Tracer | undefined {
  const inLambda = (process.env.AWS_EXECUTION_ENV ?? '').startsWith('AWS_Lambda_');
  if (!inLambda || process.env.POWERTOOLS_TRACE_ENABLED === 'false') return undefined;
  try {
    const powertools = createRequire(import.meta.url)(
      '@aws-lambda-powertools/tracer',
    ) as typeof import('@aws-lambda-powertools/tracer');
    return new powertools.Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'raffle' });
  } catch (error) {
    // a missing layer costs the traces, never the function
    logger.warn('X-Ray tracing off: the Powertools Tracer could not be loaded', { error });
    return undefined;
  }
}

/** An AWS SDK v3 client whose calls become X-Ray subsegments (DynamoDB, API Gateway management). */
export function tracedClient<T>(client: T): T {
  return tracer?.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client;
}
