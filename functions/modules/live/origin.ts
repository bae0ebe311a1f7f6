/** Where a socket may be opened from: the configured site origins, or the site's own. */
export interface SiteOrigins {
  /** ALLOWED_ORIGINS; when set, only these. */
  allowed: readonly string[];
  /** PUBLIC_BASE_URL: the site's public origin. */
  publicBaseUrl?: string;
  /** The Host the socket was opened on (the site itself on the local stack and behind a same-host proxy). */
  host?: string;
}

/**
 * May a socket opened with this `Origin` header proceed? (DESIGN section 7:
 * no cross-site request may ride the staff cookie.) A browser names the page
 * that opens a socket in `Origin` on every handshake, so a cross-site page
 * is always told apart. A handshake without `Origin` is not a browser's: it
 * can carry only a cookie its owner gave it, so it is let through.
 */
export function socketOriginAllowed(origin: string | undefined, site: SiteOrigins): boolean {
  if (origin === undefined) return true;
  const from = originOf(origin);
  // `null` (sandboxed frames, file: pages) and anything unparsable are no site of ours
  if (!from) return false;
  if (site.allowed.length > 0) return site.allowed.some((allowed) => originOf(allowed) === from);
  if (site.publicBaseUrl && originOf(site.publicBaseUrl) === from) return true;
  return site.host !== undefined && new URL(from).host === site.host.toLowerCase();
}

/** `scheme://host[:port]`, lower-cased, for http(s) URLs only. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
