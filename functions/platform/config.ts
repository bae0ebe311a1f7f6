/**
 * Everything a function reads from its environment, read in one place.
 * Values are read on each call (not cached at import) so the local stack and
 * tests can point the same code at their own table and endpoints.
 */
export const config = {
  tableName: () => process.env.TABLE_NAME ?? 'raffle-main',
  /** Set only on the local stack: DynamoDB Local's URL. */
  dynamoEndpoint: () => process.env.DYNAMODB_ENDPOINT,
  /** True on the local stack (enables local-only routes such as the SMS outbox). */
  isLocalStack: () => process.env.LOCAL_STACK === '1',
  /** The WebSocket API's @connections endpoint; in AWS derived from the event when unset. */
  wsManagementEndpoint: () => process.env.WS_MANAGEMENT_ENDPOINT,
  /** Site origins that may open a WebSocket (comma-separated); unset: only the site's own origin. */
  allowedOrigins: (): string[] =>
    (process.env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  /** The site's public origin (provider callbacks; the WebSocket's own origin). */
  publicBaseUrl: () => process.env.PUBLIC_BASE_URL || undefined,
  region: () => process.env.AWS_REGION ?? 'us-east-1',
  /** The deployment stage (the metrics' `stage` dimension). */
  stage: () => process.env.STAGE ?? 'local',
  /** Set on the local stack when EMF metric lines should go to this file instead of stdout (functions/platform/metrics.ts). */
  metricsLogFile: () => process.env.METRICS_LOG_FILE || undefined,
  /**
   * The Secrets Manager secret whose value CloudFront adds to origin requests
   * (X-Origin-Verify); read at run time by ./origin-verify.ts, never held in the environment.
   */
  originVerifySecretArn: () => process.env.ORIGIN_VERIFY_SECRET_ARN || undefined,
  /** How long a prize that could not be paid is held for its winner to claim (PRIZE_CLAIM_DAYS; 180 days as the UK National Lottery). */
  prizeClaimDays: (): number => config.positiveInteger('PRIZE_CLAIM_DAYS') ?? 180,
  /** A whole number above zero set in the environment (e.g. a limit's override), else undefined. */
  positiveInteger: (name: string): number | undefined => {
    const value = Number(process.env[name]);
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  },
  /**
   * A wait the local stack may shorten for a bench (README "Configuration", e.g. PAYMENT_EXPIRY_MS):
   * the environment's value only when LOCAL_STACK=1, so no deployed stage can be given one.
   */
  localMs: (name: string, fallback: number): number =>
    (config.isLocalStack() ? config.positiveInteger(name) : undefined) ?? fallback,
};
