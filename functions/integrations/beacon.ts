import {
  beaconRoundIsConsistent,
  DRAND_QUICKNET,
  roundAfter,
  roundAt,
  roundTime,
  type BeaconChain,
  type BeaconRound,
  type DrawBeacon,
} from '@shared/fairness/beacon';
import { messages } from '@shared/messages';
import { isRefusal, Refusal } from '../platform/refusal';
import { sleep } from '../platform/pause';

/**
 * The public randomness a draw waits for (DESIGN section 4, "Fair draws"): a
 * drand chain over its HTTP API. In AWS the public relay's quicknet chain;
 * on the local stack infra/local/drand-beacon.ts, set by BEACON_URL. A draw
 * never goes on without the round (no fallback value an insider could steer):
 * when it cannot be had, the draw is refused with 503.
 */
const DEFAULT_BEACON_URL = `https://api.drand.sh/${DRAND_QUICKNET.hash}`;

/** The chain's base URL: `{relay}/{chain hash}`. */
const beaconUrl = (): string => (process.env.BEACON_URL || DEFAULT_BEACON_URL).replace(/\/$/, '');

/** How long a draw waits for its round to be published before refusing (a round is due within one period). */
const WAIT_MS = 15_000;
const REQUEST_MS = 4_000;

const chains = new Map<string, Promise<BeaconChain>>();

/** The chain's parameters (`GET {url}/info`), read once per process. */
function beaconChain(url: string = beaconUrl()): Promise<BeaconChain> {
  let chain = chains.get(url);
  if (!chain) {
    chain = fetchJson(`${url}/info`).then((info) => {
      const { hash, genesis_time: genesisTime, period } = (info ?? {}) as Record<string, unknown>;
      if (
        typeof hash !== 'string' ||
        typeof genesisTime !== 'number' ||
        typeof period !== 'number' ||
        !url.endsWith(hash)
      ) {
        throw new Error('the beacon answered no valid chain info');
      }
      return { hash, genesisTime, period };
    });
    chain.catch(() => chains.delete(url));
    chains.set(url, chain);
  }
  return chain;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(REQUEST_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    await response.arrayBuffer();
    throw Object.assign(new Error(`beacon answered ${response.status}`), { status: response.status });
  }
  return response.json();
}

const unavailable = () => new Refusal('unavailable', messages.draw.beaconUnavailable);

/**
 * Round `round` of the chain at `url`, waiting (up to ~15 s) while it is not
 * yet published. Throws an 'unavailable' Refusal (503 over HTTP) when the beacon cannot be reached or
 * answers a round that is not what it should be.
 */
async function beaconRound(round: number, url: string = beaconUrl()): Promise<DrawBeacon> {
  let chain: BeaconChain;
  try {
    chain = await beaconChain(url);
  } catch {
    throw unavailable();
  }
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const body = (await fetchJson(`${url}/public/${round}`)) as Record<string, unknown>;
      const fetched: BeaconRound = {
        round: Number(body.round),
        randomness: String(body.randomness),
        signature: String(body.signature),
      };
      if (fetched.round !== round || !(await beaconRoundIsConsistent(fetched))) throw unavailable();
      return { ...fetched, chain, url };
    } catch (error) {
      if (isRefusal(error)) throw error;
      // not yet published (drand answers 404 or 425 for a future round): wait and ask again
      const status = (error as { status?: number }).status;
      const notYet = status === 404 || status === 425;
      if (!notYet || Date.now() + 250 > deadline) throw unavailable();
      await sleep(Math.min(chain.period * 1000, 250 * 2 ** Math.min(attempt, 3)));
    }
  }
}

/** The round a close will draw with, fixed before that round exists (its draw code can be read out meanwhile). */
export interface BeaconTarget {
  round: number;
  /** When the round is published. */
  roundAt: Date;
  /** The close time the record shows: the round is the first after it. */
  closedAt: Date;
}

/**
 * The round a window closed at `closedAt` is drawn with: the first after the close. `afterRound`: a
 * retried close (the window moved meanwhile) never reuses a round already out, so nobody who saw it
 * can choose to move the window; its close time then moves to that round's time. `leadMs`: a broadcast
 * close draws with a round at least this far ahead, so its draw code is on air before the round exists.
 */
export async function beaconTarget(closedAt: Date, afterRound?: number, leadMs = 0): Promise<BeaconTarget> {
  let chain: BeaconChain;
  try {
    chain = await beaconChain();
  } catch {
    throw unavailable();
  }
  const lead = leadMs > 0 ? roundAt(chain, new Date(closedAt.getTime() + leadMs)) : undefined;
  const floor = Math.max(afterRound ?? 0, lead ?? 0);
  let at = closedAt;
  if (floor > 0 && roundAfter(chain, at) <= floor) at = roundTime(chain, floor);
  const round = roundAfter(chain, at);
  return { round, roundAt: roundTime(chain, round), closedAt: at };
}

/** The target round itself, waited for (up to ~15 s) and checked. */
export const beaconOfTarget = (target: BeaconTarget): Promise<DrawBeacon> => beaconRound(target.round);
