import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The simulators' small HTTP helpers (infra/local/momo-simulator.ts, orange-simulator.ts). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON answer, or an empty one when `body` is undefined (MTN's 202). */
export function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, { 'content-length': '0' });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** How one provider callback went: delivered, refused or unreachable (`failed`, with why), or cut short by the simulator stopping. */
export type CallbackOutcome = { delivered: true } | { delivered: false; why: string } | { stopped: true };

/**
 * One callback as the providers send theirs (DESIGN section 8): a single
 * request with the JSON body, never retried whatever the answer.
 */
export async function deliverCallback(
  url: string,
  method: 'PUT' | 'POST',
  body: unknown,
  stop: AbortSignal,
  timeoutMs: number,
): Promise<CallbackOutcome> {
  try {
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]),
    });
    await response.arrayBuffer();
    return response.ok ? { delivered: true } : { delivered: false, why: `answered ${response.status}` };
  } catch (error) {
    return stop.aborted ? { stopped: true } : { delivered: false, why: (error as Error).message };
  }
}

/** Listen on loopback (a simulator is for this machine only) and return its base URL. */
export async function listenOnLoopback(server: Server, port: number): Promise<string> {
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Runs `run` `ms` from now by the wall clock, on a timer kept in `timers` (so stopSimulator clears it). A Node timer
 * can fire a millisecond before Date.now() says `ms` passed (libuv reads its clock once per loop turn), and the
 * simulators stamp outcomes with Date: such a timer waits out the rest.
 */
export function runLater(timers: Set<NodeJS.Timeout>, ms: number, run: () => void): void {
  const due = Date.now() + ms;
  const timer = setTimeout(() => {
    timers.delete(timer);
    const early = due - Date.now();
    if (early > 0) runLater(timers, early, run);
    else run();
  }, ms);
  timer.unref();
  timers.add(timer);
}

/** Stop a simulator: its pending timers, its callbacks in flight, then its server and open connections. */
export async function stopSimulator(
  server: Server | undefined,
  timers: Set<NodeJS.Timeout>,
  callbacks: AbortController,
): Promise<void> {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  callbacks.abort();
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}
