import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import WebSocket from 'ws';
import { messagesOfFrame, type ServerFrame } from '@shared/message-parts';
import { topicNames } from '@shared/topics';
import { routes } from '@shared/api/routes';
import { USSD_SERVICE_CODE } from '@shared/ussd';
import { localDefaults } from '../functions/integrations/local-defaults';
import { reconcilePayments } from '../functions/modules/entries/reconcile-payments';
import { asLambda } from '../infra/local/table-access';
import { BenchClient } from './http-client';

/** How often the entry page asks for its entry's status (web/src/features/play/hooks/use-entry-status.ts). */
import { ENTRY_POLL_INTERVAL_MS } from '../web/src/features/play/hooks/use-entry-status';

/** What one surge run did, player by player summed. */
export interface SurgeRun {
  readonly entries: number;
  /** Entries whose ticket SMS reached the SMS simulator. */
  readonly paid: number;
  /** Entries the platform refused (a web answer other than 202, a USSD session not ended by its payment). */
  readonly refused: number;
  /** Entries taken whose ticket SMS did not come within GIVE_UP_MS. */
  readonly late: number;
  readonly web: { readonly entries: number; readonly requests: number };
  readonly ussd: { readonly entries: number; readonly requests: number };
  /** Each paid entry's submit → ticket SMS, ms. */
  readonly toTicketMs: number[];
  /** First arrival → last ticket, s. */
  readonly seconds: number;
}

const GIVE_UP_MS = 90_000;
/**
 * Callbacks done and nothing settling for this long: run reconciliation, as the minute job would (it takes only
 * payments open over a minute: a settlement batch of the stream, however slow on this machine, is never raced), …
 */
const STALL_MS = 15_000;
/** … but not more often than this (a stuck entry would otherwise add a run every few seconds to the counts). */
const RECONCILE_EVERY_MS = 20_000;

/**
 * A Poisson arrival of `count` distinct players at `perSecond` on average,
 * each entering one of `codes` (in turn) and followed to their ticket SMS:
 * half on the web (their own address; the page follows its entry as
 * use-entry-status does: one socket and one subscribe to `entry/<id>`, polling
 * with backoff only if the socket fails), half by USSD (main menu,
 * the code, pay in LRD: three gateway requests); half MTN (088…, the
 * Lonestar gateway), half Orange (077…, the Orange gateway).
 */
export async function surgeRun(
  baseUrl: string,
  smsUrl: string,
  codes: readonly string[],
  count: number,
  perSecond: number,
): Promise<SurgeRun> {
  const client = new BenchClient(baseUrl);
  const tickets = new TicketWatch(smsUrl);
  const web = { entries: 0, requests: 0 };
  const ussd = { entries: 0, requests: 0 };
  const toTicketMs: number[] = [];
  let refused = 0;
  let late = 0;
  const started = performance.now();
  let arrival = 0;
  const players = Array.from({ length: count }, (_, i) => {
    arrival += -Math.log(1 - Math.random()) / perSecond;
    return { at: arrival * 1000, code: codes[i % codes.length]!, orange: i % 4 >= 2, onWeb: i % 2 === 0 };
  });
  const stopWatch = tickets.start();
  const reconciler = reconcileWhenStalled(tickets);
  try {
    await Promise.all(
      players.map(async (player) => {
        await new Promise((r) => setTimeout(r, Math.max(0, started + player.at - performance.now())));
        const mobile = `231${player.orange ? '77' : '88'}${playerDigits()}`;
        const submitted = performance.now();
        const taken = player.onWeb
          ? await enterOnWeb(client, mobile, player.code, web, tickets)
          : await enterByUssd(client, mobile, player.code, player.orange, ussd);
        if (!taken) {
          refused += 1;
          return;
        }
        const at = await tickets.arrival(mobile, GIVE_UP_MS);
        if (at === undefined) late += 1;
        else toTicketMs.push(at - submitted);
      }),
    );
  } finally {
    stopWatch();
    reconciler.stop();
  }
  const lastTicket = Math.max(...tickets.times());
  return {
    entries: count,
    paid: toTicketMs.length,
    refused,
    late,
    web,
    ussd,
    toTicketMs,
    seconds: (lastTicket - started) / 1000,
  };
}

/** Seven digits whose last six are none of the simulators' test endings (000101…000108). */
function playerDigits(): string {
  for (;;) {
    const digits = String(randomInt(1_000_000, 9_999_999));
    if (!/^000(10[1-8])$/.test(digits.slice(1))) return digits;
  }
}

async function enterOnWeb(
  client: BenchClient,
  mobile: string,
  code: string,
  web: { entries: number; requests: number },
  tickets: TicketWatch,
): Promise<boolean> {
  web.entries += 1;
  web.requests += 1;
  const from = { 'cloudfront-viewer-address': `100.${randomInt(64, 128)}.${randomInt(256)}.${randomInt(1, 255)}:443` };
  const response = await client.request(
    'POST',
    routes.codeEntry.path,
    { mobile_number: mobile, shared_code: code, currency: 'LRD' },
    from,
  );
  if (response.status !== 202) return false;
  // the page follows its entry as use-entry-status does (beside the SMS watch): over the socket, else polling
  void followOverSocket(client.baseUrl, response.body.entry_id, web).then(async (followed) => {
    if (followed) return;
    const path = routes.entryStatus.path.replace(':entry_id', encodeURIComponent(response.body.entry_id));
    for (let waited = 0, wait = ENTRY_POLL_INTERVAL_MS; waited < GIVE_UP_MS; waited += wait, wait *= 2) {
      await new Promise((r) => setTimeout(r, wait));
      web.requests += 1;
      const status = await client.request('GET', path, undefined, from);
      if (status.status !== 200 || status.body.status !== 'pending') return;
    }
  });
  await tickets.arrival(mobile, GIVE_UP_MS);
  return true;
}

/**
 * One socket naming the entry when it connects (one request: the server
 * watches the entry for it and sends its status unasked), kept until its
 * status is no longer pending; false when the socket could not be used (the
 * page then polls with backoff, as above).
 */
async function followOverSocket(baseUrl: string, entryId: string, web: { requests: number }): Promise<boolean> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?entry=${encodeURIComponent(entryId)}`);
  web.requests += 1;
  try {
    await once(socket, 'open');
  } catch {
    return false;
  }
  const topic = topicNames.entry(entryId);
  const settled = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GIVE_UP_MS);
    socket.on('message', (data) => {
      const ended = messagesOfFrame(JSON.parse(data.toString()) as ServerFrame).some((message) => {
        const { topic: of, data: body } = message as { topic: string; data: { status?: string } };
        return of === topic && body.status !== 'pending';
      });
      if (ended) {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await settled;
  socket.close();
  return true;
}

async function enterByUssd(
  client: BenchClient,
  mobile: string,
  code: string,
  orange: boolean,
  ussd: { entries: number; requests: number },
): Promise<boolean> {
  ussd.entries += 1;
  const gateway = orange ? 'orange' : 'lonestar';
  const path = `/api/v1/ussd/${gateway}?key=${encodeURIComponent(localDefaults.ussd[gateway])}`;
  const sessionId = `surge-${mobile}`;
  let answer = '';
  for (const text of ['', code, `${code}*1`]) {
    ussd.requests += 1;
    const form = new URLSearchParams({
      sessionId,
      serviceCode: USSD_SERVICE_CODE,
      phoneNumber: `+${mobile}`,
      networkCode: orange ? '61807' : '61801',
      text,
    });
    const response = await client.request('POST', path, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    if (response.status !== 200) return false;
    answer = response.text;
  }
  return answer.startsWith('END ');
}

/** The SMS simulator's accepted messages, polled for everyone at once: when each number's first SMS arrived. */
class TicketWatch {
  private readonly seen = new Map<string, number>();
  private readonly waiters = new Map<string, Array<() => void>>();
  lastArrival = performance.now();

  constructor(private readonly smsUrl: string) {}

  start(): () => void {
    let running = true;
    void (async () => {
      while (running) {
        const response = await fetch(`${this.smsUrl}/__sim/messages?accepted=1&limit=1000000`);
        const { messages } = (await response.json()) as { messages: Array<{ number: string }> };
        for (const { number } of messages) {
          const mobile = number.replace(/^\+/, '');
          if (this.seen.has(mobile)) continue;
          this.seen.set(mobile, performance.now());
          this.lastArrival = performance.now();
          for (const wake of this.waiters.get(mobile) ?? []) wake();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    return () => {
      running = false;
    };
  }

  /** When `mobile`'s first SMS arrived (undefined: not within `withinMs`). */
  async arrival(mobile: string, withinMs: number): Promise<number | undefined> {
    if (!this.seen.has(mobile)) {
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, withinMs);
        const list = this.waiters.get(mobile) ?? [];
        list.push(() => {
          clearTimeout(timer);
          wake();
        });
        this.waiters.set(mobile, list);
      });
    }
    return this.seen.get(mobile);
  }

  times(): number[] {
    return [...this.seen.values()];
  }
}

/** Overflow a busy window defers is settled by the reconciliation job (scheduler off here): run it, as `jobs`, when nothing settles. */
function reconcileWhenStalled(tickets: TicketWatch): { stop(): void } {
  let running = true;
  let ran = 0;
  void (async () => {
    while (running) {
      await new Promise((r) => setTimeout(r, 500));
      if (
        running &&
        performance.now() - tickets.lastArrival > STALL_MS &&
        performance.now() - ran > RECONCILE_EVERY_MS
      ) {
        await asLambda('jobs', () => reconcilePayments(new Date(Date.now() + 61_000)));
        ran = performance.now();
      }
    }
  })();
  return {
    stop: () => {
      running = false;
    },
  };
}
