import { inject } from 'vitest';
import type { TestStack } from './global-stack';

/**
 * The stack this file's helpers talk to: the test run's shared one, unless
 * the file started its own (a private in-memory stack, for data that must
 * not mix with other files', e.g. entries in the shared house games booked
 * at chosen dates). The store modules follow the private stack through the
 * environment startLocalStack sets; the HTTP helpers follow it through here.
 */
interface StackUrls {
  url: string;
  momoUrl: string;
  orangeUrl: string;
}

let own: StackUrls | undefined;

/** Point this file's helpers (ApiClient, TopicClient, simulator reads) at `stack`, or back at the shared stack. */
export function pointHelpersAt(stack: StackUrls | undefined): void {
  own = stack ? { url: stack.url, momoUrl: stack.momoUrl, orangeUrl: stack.orangeUrl } : undefined;
}

/**
 * This worker's stack of the test run's (one per stack worker, test/support/global-stack.ts): its files share
 * it, as they share the worker's modules.
 */
export function sharedStack(): TestStack {
  const stacks = inject('stacks');
  return stacks[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % stacks.length]!;
}

export const stackBaseUrl = (): string => own?.url ?? sharedStack().baseUrl;
export const momoSimulatorUrl = (): string => own?.momoUrl ?? sharedStack().momoUrl;
export const orangeSimulatorUrl = (): string => own?.orangeUrl ?? sharedStack().orangeUrl;
