/**
 * The local stack's hooks into the one DynamoDB client (functions/platform/dynamo.ts):
 * DynamoDB Local checks no permission and bills nothing, so the local stack
 * checks each request against the Lambda's IAM policy (infra/local/table-access.ts)
 * and the surge bench counts what each request would cost (infra/local/request-count.ts).
 * Installed only on a client that talks to a local endpoint; never in AWS.
 */

/** Sees every request's operation (`PutItem`, …) and input before it leaves; throws to refuse it. */
export type RequestCheck = (operation: string, input: Record<string, unknown>) => void;

/** One request as it went: for the document client's commands, its input and output as plain values (not yet marshalled). */
export interface ObservedRequest {
  readonly operation: string;
  readonly input: Record<string, unknown>;
  readonly output?: Record<string, unknown>;
  readonly error?: unknown;
}

/** Sees every request after DynamoDB answered it (or refused it); the caller continues once it settles. */
export type RequestObserver = (request: ObservedRequest) => Promise<void> | void;

let check: RequestCheck | undefined;
let observer: RequestObserver | undefined;
let generation = 0;

/** The stand-in for the functions' IAM policies; undefined stops checking. */
export function checkLocalRequests(next: RequestCheck | undefined): void {
  check = next;
  generation += 1;
}

/** The bench's request counter; undefined stops observing. */
export function observeLocalRequests(next: RequestObserver | undefined): void {
  observer = next;
  generation += 1;
}

/** Changes whenever a hook is set, so the client is built again with it. */
export const localHooksGeneration = (): number => generation;

/** Operations that take ReturnConsumedCapacity: observed, DynamoDB Local's own figure comes back beside ours. */
const CAPACITY_OPERATIONS = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'TransactGetItems',
]);

type Handler = (args: { input: object }) => Promise<{ output: unknown }>;
/** The part of an SDK client the hooks use (the SDK itself is reached only through dynamo.ts). */
interface HookedClient {
  middlewareStack: {
    add(
      middleware: (next: Handler, context: { commandName?: string }) => Handler,
      options: { step: 'serialize'; priority: 'high'; name: string },
    ): void;
  };
}

/** Adds the hooks set now to a client of DynamoDB Local. */
export function addLocalHooks(base: HookedClient): void {
  const currentCheck = check;
  const currentObserver = observer;
  if (!currentCheck && !currentObserver) return;
  base.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      const input = args.input as Record<string, unknown>;
      currentCheck?.(operation, input);
      if (!currentObserver) return next(args);
      const sent = CAPACITY_OPERATIONS.has(operation) ? { ...input, ReturnConsumedCapacity: 'INDEXES' } : input;
      try {
        const result = await next({ ...args, input: sent });
        await currentObserver({ operation, input: sent, output: result.output as Record<string, unknown> });
        return result;
      } catch (error) {
        await currentObserver({ operation, input: sent, error });
        throw error;
      }
    },
    // ahead of the document client's marshalling (its DocumentMarshall runs later in this step): hooks see plain values
    { step: 'serialize', priority: 'high', name: 'localRequestHooks' },
  );
}
