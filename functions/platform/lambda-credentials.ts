import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/**
 * The AWS SDK's default credential chain as it runs in a Lambda function: the
 * execution role's keys, which the Lambda runtime always puts in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN).
 *
 * Only the bundles use this: infra/lambda-bundling.ts substitutes it for
 * `@aws-sdk/credential-provider-node`, whose `defaultProvider` every SDK
 * client imports. That chain starts with this same environment provider, so
 * in Lambda its first link always answers; the rest (SSO, INI profiles, web
 * identity, process, container and instance metadata, with their STS, SSO and
 * sign-in clients) never runs there, yet cannot be tree-shaken and is ~130 KB
 * of every bundle (DESIGN section 9: at most 500 KB). Unbundled code (the
 * local stack, tests, scripts) keeps the SDK's full chain.
 */
export const defaultProvider = (init: FromEnvInit = {}): ReturnType<typeof fromEnv> => fromEnv(init);
