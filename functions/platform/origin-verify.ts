import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';
import { messages } from '@shared/messages';
import { config } from './config';
import { ApiError } from './errors';
import { sameDigest, secretDigest, type SecretDigest } from './secret-compare';
import { secretStringFromExtension } from './secrets-extension';

/**
 * Requests must come through our CloudFront distribution (DESIGN section 7):
 * CloudFront adds the origin-verify secret as `X-Origin-Verify` to what it
 * sends the HTTP and WebSocket APIs, so a request without it was sent to API
 * Gateway directly and could name any client address it liked. In AWS such a
 * request is refused before any route logic; on the local stack there is no
 * CloudFront and every request is accepted.
 *
 * The secret is read from Secrets Manager through the Parameters and Secrets
 * extension and kept for 5 minutes. Its previous version is accepted too, so
 * a rotation (README "Deploying") never refuses CloudFront while the new
 * value reaches the distribution.
 */

const CACHE_MS = 5 * 60_000;
const NAME = 'the origin-verify secret';

type Digest = SecretDigest;
let cached: { digests: Digest[]; until: number } | undefined;
let inFlight: Promise<Digest[]> | undefined;

/** True when the request carries the origin-verify value (always on the local stack). */
export async function cameThroughSite(headers: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  if (config.isLocalStack()) return true;
  return matchesAny(headerValue(headers), await acceptedDigests());
}

/** A 403 {error} unless the request came through the site; call before any route logic. */
export async function requireSiteOrigin(headers: Readonly<Record<string, string | undefined>>): Promise<void> {
  if (!(await cameThroughSite(headers))) throw new ApiError(403, messages.http.notThroughSite);
}

/**
 * The same check without waiting, against the values the last check read
 * (false before any was read): for code that runs after `requireSiteOrigin`
 * in the same request, such as choosing the client address.
 */
export function provesSiteOrigin(headers: Readonly<Record<string, string | undefined>>): boolean {
  if (config.isLocalStack()) return true;
  return cached !== undefined && matchesAny(headerValue(headers), cached.digests);
}

/** Drops the cached values (tests). */
export function forgetOriginSecret(): void {
  cached = undefined;
}

async function acceptedDigests(): Promise<Digest[]> {
  if (cached && Date.now() < cached.until) return cached.digests;
  // concurrent requests in one warm Lambda share one read
  inFlight ??= readAcceptedValues()
    .then((values) => {
      const digests = values.map(secretDigest);
      cached = { digests, until: Date.now() + CACHE_MS };
      return digests;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

async function readAcceptedValues(): Promise<string[]> {
  const arn = config.originVerifySecretArn();
  // fail closed: a function deployed without the secret answers 500 (logged), never lets everyone in
  if (!arn) throw new Error('ORIGIN_VERIFY_SECRET_ARN is not set');
  const current = await secretStringFromExtension(arn, NAME);
  if (!current) throw new Error(`${NAME} is empty`);
  // no previous version (never rotated) is the usual case, not an error: the current one was just read
  const previous = await secretStringFromExtension(arn, NAME, 'AWSPREVIOUS').catch(() => undefined);
  return previous ? [current, previous] : [current];
}

function matchesAny(presented: string | undefined, accepted: readonly Digest[]): boolean {
  if (presented === undefined || presented === '') return false;
  const candidate = secretDigest(presented);
  // compare with every accepted value, so timing says nothing about which one (if any) matched
  return accepted.reduce((found, value) => sameDigest(candidate, value) || found, false);
}

function headerValue(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const wanted = ORIGIN_VERIFY_HEADER.toLowerCase();
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === wanted) return value;
  return undefined;
}
