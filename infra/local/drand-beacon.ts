import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRAND_QUICKNET, roundAt, type BeaconChain } from '@shared/fairness/beacon';
import { send } from './sim-http';

/**
 * The local stack's randomness beacon (DESIGN section 4, "Fair draws"): the
 * part of drand's HTTP API a draw uses, for a chain of its own —
 * `GET /{hash}/info` and `GET /{hash}/public/{round}` (and `/public/latest`).
 * Its rounds follow quicknet's clock (same genesis, a round every 3 s); a
 * round's "signature" is an HMAC of its number under a fixed local key, so
 * the same round always has the same value and randomness = SHA-256
 * (signature) as on drand. It is no BLS signature: local draws prove the
 * method, not drand. A round not yet due is refused (425, as drand relays
 * answer), unless `serveFutureRounds` — for test stacks whose clocks are set
 * years ahead. On such a stack, `POST /__sim/hold-near-rounds?seconds=N&holder=H`
 * (N = 0 ends H's hold) makes it keep the rounds due within the next 30 seconds until they are
 * due, for N seconds: a test of the on-air draw sees its draw code on screen
 * while the round that decides the winner does not exist yet (draws of
 * other tests at the real time then wait for their round, as on drand; a
 * test drawing a minute or more ahead of the clock is served as before).
 */
const LOCAL_KEY = 'raffle-platform local drand-compatible beacon';

const LOCAL_BEACON_CHAIN: BeaconChain = {
  hash: createHash('sha256').update(LOCAL_KEY).digest('hex'),
  genesisTime: DRAND_QUICKNET.genesisTime,
  period: DRAND_QUICKNET.period,
};

function localBeaconRound(round: number): { round: number; randomness: string; signature: string } {
  const seq = Buffer.alloc(8);
  seq.writeBigUInt64BE(BigInt(round));
  // 48 bytes, the size of a quicknet (BLS G1) signature
  const signature = Buffer.concat([
    createHmac('sha256', LOCAL_KEY).update(seq).digest(),
    createHmac('sha256', LOCAL_KEY)
      .update(Buffer.concat([seq, seq]))
      .digest()
      .subarray(0, 16),
  ]);
  return {
    round,
    randomness: createHash('sha256').update(signature).digest('hex'),
    signature: signature.toString('hex'),
  };
}

/**
 * Thirty seconds of rounds: an on-air close asks for one a few seconds ahead (and a retry a few later). Not
 * more: tests that draw a minute ahead (a house draw whose moment follows its tickets) would wait past
 * their beacon's patience for a round held meanwhile, and fail as an outage.
 */
const NEAR_ROUNDS = 10;

export interface LocalBeaconOptions {
  serveFutureRounds?: boolean;
  port?: number;
}

export class LocalBeacon {
  private server?: Server;
  private base = '';
  /**
   * Until when near rounds are kept until due (`/__sim/hold-near-rounds`), per holder: one test file's release
   * (`seconds=0`) ends its own hold, never another's running beside it.
   */
  private readonly holdsNear = new Map<string, number>();

  constructor(private readonly options: LocalBeaconOptions = {}) {}

  /** The chain's base URL (`BEACON_URL`): `http://127.0.0.1:{port}/{hash}`. */
  get url(): string {
    return `${this.base}/${LOCAL_BEACON_CHAIN.hash}`;
  }

  async start(): Promise<void> {
    const chain = LOCAL_BEACON_CHAIN;
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname;
      if (req.method === 'POST' && path === '/__sim/hold-near-rounds') {
        const seconds = Math.min(600, Math.max(0, Number(url.searchParams.get('seconds')) || 0));
        const holder = url.searchParams.get('holder') ?? '';
        if (seconds > 0) this.holdsNear.set(holder, Date.now() + seconds * 1000);
        else this.holdsNear.delete(holder);
        return send(res, 200, { holding_until: new Date(this.holdNearUntil()).toISOString() });
      }
      const [hash, kind, which, extra] = path.split('/').filter(Boolean);
      if (req.method !== 'GET' || hash !== chain.hash || extra !== undefined)
        return send(res, 404, { error: 'not found' });
      res.setHeader('access-control-allow-origin', '*');
      if (kind === 'info' && which === undefined) {
        return send(res, 200, {
          hash: chain.hash,
          genesis_time: chain.genesisTime,
          period: chain.period,
          schemeID: 'local-hmac',
          metadata: { beaconID: 'local' },
        });
      }
      if (kind !== 'public' || which === undefined) return send(res, 404, { error: 'not found' });
      const latest = roundAt(chain, new Date());
      const round = which === 'latest' ? latest : /^[1-9]\d{0,15}$/.test(which) ? Number(which) : undefined;
      if (round === undefined) return send(res, 400, { error: 'bad round' });
      const held = Date.now() < this.holdNearUntil() && round <= latest + NEAR_ROUNDS;
      if (round > latest && (!this.options.serveFutureRounds || held))
        return send(res, 425, { error: 'requested future beacon' });
      return send(res, 200, localBeaconRound(round));
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve);
    });
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The end of the longest hold now in force (0: none). */
  private holdNearUntil(): number {
    return Math.max(0, ...this.holdsNear.values());
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
