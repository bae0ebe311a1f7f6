import { TIME_BUDGETS } from '@shared/time-budgets';
import { LAMBDA_ATTRIBUTE_WRITES, LAMBDA_WRITES, type LambdaName } from '../functions/lambdas/manifest';
import { ATTRIBUTE_WRITE_SETS, WRITE_SETS } from '../functions/platform/store/partitions';

/** What one Lambda's role may do in the table, beyond reading it (DESIGN section 7). */
export interface TableAccess {
  /** `dynamodb:LeadingKeys` patterns of the partitions it may write (Put, Update, Delete, BatchWrite). */
  readonly writes: readonly string[];
  /** Partitions it may not read at all: the providers' tokens, for a function that calls no provider. */
  readonly secretReadsDenied: readonly string[];
  /** Partitions where it may update only these attributes (UpdateItem naming nothing else but the key). */
  readonly attributeWrites: ReadonlyArray<{ partitions: readonly string[]; attributes: readonly string[] }>;
}

/**
 * The one computation of a Lambda's table access, from the write sets its
 * manifest entry lists: CDK turns it into the role's statements
 * (infra/constructs/domain-function.ts) and the local stack checks every
 * request against it (infra/local/table-access.ts).
 */
export function tableAccess(name: LambdaName): TableAccess {
  const writes = new Set(LAMBDA_WRITES[name].flatMap((set) => WRITE_SETS[set]));
  return {
    writes: [...writes].sort(),
    secretReadsDenied: TIME_BUDGETS[name].callsProviders ? [] : WRITE_SETS['integrations.providerTokens'],
    attributeWrites: (LAMBDA_ATTRIBUTE_WRITES[name] ?? []).map((set) => ATTRIBUTE_WRITE_SETS[set]),
  };
}
