import { type ChildProcess, spawn } from 'node:child_process';
import type { LocalStack } from '../../infra/local/stack';

/** What test/support/stack-process.ts prints (`stack-ready <json>`) once its stack answers. */
export type StackProcessAddresses = Pick<
  LocalStack,
  'url' | 'momoUrl' | 'orangeUrl' | 'smsUrl' | 'dynamoEndpoint' | 'tableName' | 'wsManagementEndpoint' | 'beaconUrl'
>;

const READY_TIMEOUT_MS = 180_000;
/** The environment a stack sets for its own process (infra/local/stack.ts): a child's stack sets its own. */
const OWN_STACK_SETTING =
  /^(LOCAL_STACK|TABLE_NAME|DYNAMODB_ENDPOINT|WS_MANAGEMENT_ENDPOINT|PUBLIC_BASE_URL)$|_BASE_URL$/;

/**
 * Starts test/support/stack-process.ts with `env` over this process's environment, less this process's own stack
 * settings (they are not the child's) and the names `env` sets to undefined. Its stdin is a pipe this process holds; `onOutput` sees what it prints.
 * `ready` settles with its addresses once it answers, or fails with the end of its output if it exits first or
 * has not answered within 3 minutes.
 */
export function startStackProcess(
  env: NodeJS.ProcessEnv,
  onOutput: (text: string, from: 'stdout' | 'stderr') => void = () => undefined,
): { child: ChildProcess; ready: Promise<StackProcessAddresses> } {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined || (!(key in env) && OWN_STACK_SETTING.test(key))) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/stack-process.ts'], {
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let answered = false;
  const ready = new Promise<StackProcessAddresses>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a stack process did not start:\n${output}`)), READY_TIMEOUT_MS);
    const read = (from: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = chunk.toString();
      onOutput(text, from);
      if (answered) return;
      output = (output + text).slice(-5000);
      const found = /stack-ready (\{.*\})/.exec(output);
      if (!found) return;
      answered = true;
      clearTimeout(timer);
      resolve(JSON.parse(found[1]!) as StackProcessAddresses);
    };
    child.stdout!.on('data', read('stdout'));
    child.stderr!.on('data', read('stderr'));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!answered) reject(new Error(`a stack process ended (${signal ?? code}) before it answered:\n${output}`));
    });
  });
  return { child, ready };
}
