import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { lambdaEntryFile, type LambdaName } from '../../functions/lambdas/manifest';
import { asLambda } from './table-access';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A Lambda entry point, loaded from the same file CDK bundles (functions/lambdas/manifest.ts). */
export type LambdaHandler = (event: never, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<LambdaHandler>>();
const invocationListeners = new Set<() => void>();

/**
 * Calls `listener` as every Lambda of this process starts and ends: what it
 * writes is on the table's stream, so the stream pollers read sooner (they
 * space out their reads while nothing happens). Returns the unsubscribe.
 */
export function aroundEachInvocation(listener: () => void): () => void {
  invocationListeners.add(listener);
  return () => invocationListeners.delete(listener);
}

const tellListeners = () => {
  for (const listener of invocationListeners) listener();
};

/** Sees each invocation's Lambda and duration as it ends (the surge bench: concurrency = rate × duration). */
type InvocationTimer = (name: LambdaName, ms: number) => void;
const invocationTimers = new Set<InvocationTimer>();

/** Calls `timer` as every Lambda of this process ends, with its duration; returns the unsubscribe. */
export function timeEachInvocation(timer: InvocationTimer): () => void {
  invocationTimers.add(timer);
  return () => invocationTimers.delete(timer);
}

export function handlerEntry(name: string): string {
  return resolve(projectRoot, lambdaEntryFile(name));
}

export function loadHandler(name: LambdaName): Promise<LambdaHandler> {
  let handler = loaded.get(name);
  if (!handler) {
    const entry = handlerEntry(name);
    if (!existsSync(entry)) throw new Error(`no Lambda entry at ${entry}`);
    handler = import(pathToFileURL(entry).href).then(
      ({ handler: lambda }: { handler: LambdaHandler }): LambdaHandler =>
        async (event, context) => {
          tellListeners();
          const started = performance.now();
          try {
            // under its own table policy, as its role in AWS (infra/local/table-access.ts)
            return await asLambda(name, () => lambda(event, context));
          } finally {
            for (const timer of invocationTimers) timer(name, performance.now() - started);
            tellListeners();
          }
        },
    );
    loaded.set(name, handler);
  }
  return handler;
}

let invocation = 0;

/** A Lambda context good enough for Powertools (request id, function name, remaining time). */
export function lambdaContext(functionName: string): Context {
  invocation += 1;
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: `local-${process.pid}-${invocation}-${Date.now().toString(36)}`,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
