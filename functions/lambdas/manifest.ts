import { HTTP_DOMAINS } from '@shared/api/routes';

/**
 * The Lambdas (DESIGN section 3): each is one file beside this one,
 * `functions/lambdas/<name>.ts`, that composes it from the modules' adapters
 * and exports `handler`. One per HTTP domain of the routing table, plus these
 * that are not behind the HTTP API (DESIGN section 2). CDK
 * (infra/lambda-bundling.ts) and the local stack (infra/local/lambda-registry.ts)
 * both read this list, so what runs offline is what deploys.
 */
const NON_HTTP_LAMBDAS = ['ws', 'stream', 'prompts', 'jobs'] as const;

export type LambdaName = (typeof HTTP_DOMAINS)[number] | (typeof NON_HTTP_LAMBDAS)[number];

export const LAMBDAS: readonly LambdaName[] = [...HTTP_DOMAINS, ...NON_HTTP_LAMBDAS];

/** The entry file of a Lambda, relative to the repository root. */
export function lambdaEntryFile(name: string): string {
  return `functions/lambdas/${name}.ts`;
}
