/**
 * The deployment stage (cdk context `stage`, default `prod`) and every
 * physical name derived from it, in one place, so two stages (staging beside
 * production) can live in one account: nothing a stage names is named the
 * same by another. Resources without a name here (log groups, schedules,
 * queues, roles, alarms) get CloudFormation's generated, stack-unique names.
 */

/** The stage when `-c stage=` is not given. */
export const DEFAULT_STAGE = 'prod';

/** Lower-case letters, digits and hyphens, starting with a letter: valid in table, secret and stack names. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

export interface StageNames {
  readonly stage: string;
  /** CloudFormation stack name of one concern (data, api, …). */
  stack(concern: string): string;
  /** The DynamoDB table (TABLE_NAME of every function). */
  readonly table: string;
  /** Secrets Manager: provider credentials (DESIGN section 8). */
  readonly integrationsSecret: string;
  /** Secrets Manager: the X-Origin-Verify value (DESIGN section 7). */
  readonly originVerifySecret: string;
}

/** Refuses a stage name that could not prefix every resource name (at synth, before anything deploys). */
export function stageNames(stage: string = DEFAULT_STAGE): StageNames {
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `-c stage=${JSON.stringify(stage)} is not a usable stage name: use 1 to 20 lower-case letters, digits or hyphens, starting with a letter (e.g. prod, staging)`,
    );
  }
  return {
    stage,
    stack: (concern) => `raffle-${stage}-${concern}`,
    table: `raffle-${stage}-main`,
    integrationsSecret: `raffle/${stage}/integrations`,
    originVerifySecret: `raffle/${stage}/origin-verify`,
  };
}
