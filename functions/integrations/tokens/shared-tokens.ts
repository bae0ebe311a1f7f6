import { createHash, randomUUID } from 'node:crypto';
import { logger } from '../../platform/logger';
import { sleep } from '../../platform/pause';
import type { AccessToken } from '../momo/token-cache';

/**
 * A provider's OAuth token shared by every container through the table
 * (DESIGN section 8): a surge of 1,000 containers must not ask MTN for 1,000
 * tokens. One container at a time holds a short lease and fetches; the
 * others read the token it stores. The table is a help, never a dependency:
 * a lease holder that is slow or dead, or a table that errors, costs a
 * container its own fetch, not a payment.
 */
export interface StoredToken {
  token?: string;
  /** When the provider said the token dies, epoch seconds. */
  expiresAt?: number;
  /** Epoch ms until which the lease holder fetches. */
  leaseUntil?: number;
}

/** Where shared tokens are kept (functions/integrations/tokens/store/provider-tokens.ts). */
export interface TokenShelf {
  read(name: string): Promise<StoredToken | undefined>;
  /** Takes the lease when nobody holds a live one and no token is good until `freshUntil` (epoch s); false otherwise. */
  takeLease(name: string, holder: string, leaseUntil: number, now: number, freshUntil: number): Promise<boolean>;
  /** Stores the fetched token while `holder` still holds the lease. */
  store(name: string, holder: string, token: string, expiresAt: number): Promise<void>;
  /** Removes `token`, only while it is still the stored one (a newer one stays). */
  drop(name: string, token: string): Promise<void>;
}

/** A stored token this close to its end is as good as dead: the container cache refreshes 60 s before it. */
const FRESH_MARGIN_SECONDS = 90;
/** Long enough for a token request at its slowest (the adapters' 8 s timeout). */
const LEASE_MS = 8_000;
/**
 * How long a container waits for the lease holder's token before fetching its
 * own: a token request takes well under a second, and a prompt's attempt has
 * 6 s (PROMPT_ATTEMPT_MS) for the token and the request together.
 */
const WAIT_FOR_HOLDER_MS = 3_000;
const POLL_MS = 100;

/**
 * A fetch of `name`'s token that goes to the provider (`fetchToken`) only
 * when no container has a fresh one in the table; `refused` forgets a token
 * the provider refused.
 */
export function sharedToken(
  shelf: TokenShelf,
  name: string,
  fetchToken: () => Promise<AccessToken>,
  now: () => number = Date.now,
): { fetch: () => Promise<AccessToken>; refused: (token: string) => Promise<void> } {
  const fresh = (stored: StoredToken | undefined): AccessToken | undefined => {
    const seconds = (stored?.expiresAt ?? 0) - now() / 1000;
    return stored?.token && seconds > FRESH_MARGIN_SECONDS
      ? { token: stored.token, expiresInSeconds: Math.floor(seconds) }
      : undefined;
  };

  const fetchAndShare = async (holder: string): Promise<AccessToken> => {
    const fetched = await fetchToken();
    await shelf
      .store(name, holder, fetched.token, Math.floor(now() / 1000) + fetched.expiresInSeconds)
      .catch((error: unknown) => logger.warn('provider token not shared', { name, error: describe(error) }));
    return fetched;
  };

  const fetch = async (): Promise<AccessToken> => {
    const holder = randomUUID();
    const waitUntil = now() + WAIT_FOR_HOLDER_MS;
    let leased = false;
    try {
      for (;;) {
        const found = fresh(await shelf.read(name));
        if (found) return found;
        const at = now();
        leased = await shelf.takeLease(name, holder, at + LEASE_MS, at, Math.floor(at / 1000) + FRESH_MARGIN_SECONDS);
        if (leased) break;
        // another container is fetching: its token is in the table in a moment, or we fetch our own
        if (now() >= waitUntil) {
          logger.warn('provider token lease holder slow: fetching our own', { name });
          break;
        }
        await sleep(POLL_MS);
      }
    } catch (error) {
      logger.warn('provider token table unavailable: fetching our own', { name, error: describe(error) });
    }
    // the provider's own errors (refused keys, timeouts) are the caller's, shared or not
    return leased ? fetchAndShare(holder) : fetchToken();
  };

  const refused = (token: string): Promise<void> =>
    shelf
      .drop(name, token)
      .catch((error: unknown) => logger.warn('refused provider token not dropped', { name, error: describe(error) }));

  return { fetch, refused };
}

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Names a credential's token without naming the credential: a token is good
 * only for the host and the API user or client that got it (a rotated user,
 * or a stage pointed at another host, shares nothing with the old one).
 */
export function credentialDigest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}
