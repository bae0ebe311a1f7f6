import { createHash } from 'node:crypto';
import { canonicalJson, GENESIS_HASH } from '@shared/export-chain';

/**
 * Sealing a day's report: hash = SHA-256 of the report's canonical JSON
 * followed by the previous sealed day's hash, so changing any sealed day
 * (or the figures it was computed from) breaks the chain from there on.
 */
export const sealHash = (report: unknown, prevHash: string): string =>
  createHash('sha256').update(canonicalJson(report)).update(prevHash).digest('hex');

/** How one sealed day stands against its record and against the data it was computed from. */
export type SealStatus =
  /** Hash, chain and figures as sealed. */
  | 'intact'
  /** The stored report no longer matches its own hash: the sealed record was edited. */
  | 'record-edited'
  /** It does not link to the sealed day before it (one was edited, removed or inserted). */
  | 'chain-broken'
  /** The figures recomputed from the data now differ from the sealed ones: the data was edited. */
  | 'data-changed';

export interface SealedDay {
  day: string;
  report: unknown;
  hash: string;
  prevDay?: string;
  prevHash: string;
}

/**
 * Check sealed days in day order: `before` is the sealed day preceding the
 * first (none: the first must start the chain), `recomputed` the day's
 * report as the data gives it now.
 */
export function verifySeals(
  days: readonly SealedDay[],
  before: SealedDay | undefined,
  recomputed: (day: string) => unknown,
): Array<{ day: string; hash: string; status: SealStatus }> {
  let previous = before;
  return days.map((sealed) => {
    const status: SealStatus =
      sealHash(sealed.report, sealed.prevHash) !== sealed.hash
        ? 'record-edited'
        : sealed.prevHash !== (previous?.hash ?? GENESIS_HASH) || sealed.prevDay !== previous?.day
          ? 'chain-broken'
          : canonicalJson(recomputed(sealed.day)) !== canonicalJson(sealed.report)
            ? 'data-changed'
            : 'intact';
    previous = sealed;
    return { day: sealed.day, hash: sealed.hash, status };
  });
}
