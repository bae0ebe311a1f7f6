import { fromHex, sha256, toHex } from './bytes';

/**
 * Public randomness fixed only after a window closes (DESIGN section 4,
 * "Fair draws"): a round of a drand beacon (https://drand.love), chosen by
 * the close time. A round's randomness is SHA-256 of its signature, and
 * anyone can fetch the round from any drand relay
 * (`GET {relay}/{chain hash}/public/{round}`) and check it. On the local
 * stack a local beacon speaks the same HTTP API with its own chain.
 */
export interface BeaconChain {
  /** drand chain hash (hex). */
  hash: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
}

/** drand's "quicknet" chain (unchained, a round every 3 s). */
export const DRAND_QUICKNET: BeaconChain = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisTime: 1692803367,
  period: 3,
};

export interface BeaconRound {
  round: number;
  /** Lowercase hex: SHA-256 of the signature. */
  randomness: string;
  /** Lowercase hex BLS signature as drand publishes it. */
  signature: string;
}

/** The round published at or before `at` (0 before genesis). */
export function roundAt(chain: BeaconChain, at: Date): number {
  const seconds = Math.floor(at.getTime() / 1000);
  return seconds < chain.genesisTime ? 0 : Math.floor((seconds - chain.genesisTime) / chain.period) + 1;
}

/** The first round published strictly after a window closed at `closedAt`: nobody could know it before. */
export function roundAfter(chain: BeaconChain, closedAt: Date): number {
  return roundAt(chain, closedAt) + 1;
}

/** When round `round` is published. */
export function roundTime(chain: BeaconChain, round: number): Date {
  return new Date((chain.genesisTime + (round - 1) * chain.period) * 1000);
}

/** A round's randomness is what its signature says it is (drand: randomness = SHA-256(signature)). */
export async function beaconRoundIsConsistent(round: BeaconRound): Promise<boolean> {
  try {
    return toHex(await sha256(fromHex(round.signature))) === round.randomness;
  } catch {
    return false;
  }
}

/** A round as a draw record names it: the round, its chain, and where it can be fetched again (`{url}/public/{round}`). */
export interface DrawBeacon extends BeaconRound {
  chain: BeaconChain;
  url: string;
}
