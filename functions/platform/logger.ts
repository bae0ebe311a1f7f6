import { Logger } from '@aws-lambda-powertools/logger';

/** One Powertools logger per function: JSON lines with the request id appended per invocation. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'raffle',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
