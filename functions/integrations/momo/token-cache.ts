/**
 * One OAuth access token per MoMo product, cached until 60 s before it
 * expires (DESIGN section 8): a token call per payment would double our
 * traffic to MTN and count against the product's rate limit. Concurrent
 * callers share one in-flight token request. Across containers the token is
 * shared through the table (../tokens/shared-tokens.ts): this cache asks it
 * once per container per token life.
 */
export interface AccessToken {
  token: string;
  expiresInSeconds: number;
}

/** Refresh this long before the provider's expiry so a token never dies mid-request. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export class TokenCache {
  private current: { token: string; refreshAt: number } | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<AccessToken>,
    private readonly now: () => number = Date.now,
    /** Tells where the token came from that the provider refused it (the table shared by containers). */
    private readonly forget?: (token: string) => Promise<void>,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    this.inFlight ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        this.current = { token, refreshAt: this.now() + expiresInSeconds * 1000 - TOKEN_REFRESH_MARGIN_MS };
        return token;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /**
   * Forget a token the provider refused (401). Only that token: if another
   * caller has already replaced it, the newer one stays.
   */
  async invalidate(token: string): Promise<void> {
    if (this.current?.token === token) this.current = undefined;
    await this.forget?.(token);
  }
}
