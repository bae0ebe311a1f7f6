import { describe, expect, it } from 'vitest';
import { TokenCache, type AccessToken } from '../../functions/integrations/momo/token-cache';

/** A token source that counts its calls and answers when told to. */
function tokenSource(expiresInSeconds = 3600) {
  let issued = 0;
  const waiting: Array<() => void> = [];
  return {
    get issued() {
      return issued;
    },
    fetch: (): Promise<AccessToken> =>
      new Promise((resolve) => {
        waiting.push(() => resolve({ token: `token-${++issued}`, expiresInSeconds }));
      }),
    answerAll: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

describe('MoMo token cache (DESIGN section 8: cached until 60 s before expiry)', () => {
  it('shares one in-flight token request among concurrent callers', async () => {
    const source = tokenSource();
    const cache = new TokenCache(source.fetch);
    const callers = [cache.get(), cache.get(), cache.get()];
    source.answerAll();
    expect(await Promise.all(callers)).toEqual(['token-1', 'token-1', 'token-1']);
    expect(source.issued).toBe(1);
  });

  it('reuses the token until 60 s before it expires, then fetches a new one', async () => {
    let now = 1_000_000;
    const source = tokenSource(3600);
    const cache = new TokenCache(source.fetch, () => now);
    const first = cache.get();
    source.answerAll();
    expect(await first).toBe('token-1');

    now += 3540_000 - 1;
    expect(await cache.get()).toBe('token-1');
    now += 1;
    const renewed = cache.get();
    source.answerAll();
    expect(await renewed).toBe('token-2');
  });

  it('forgets a refused token, but not a newer one another caller already fetched', async () => {
    const source = tokenSource();
    const cache = new TokenCache(source.fetch);
    const first = cache.get();
    source.answerAll();
    await first;

    cache.invalidate('token-1');
    const second = cache.get();
    source.answerAll();
    expect(await second).toBe('token-2');

    cache.invalidate('token-1'); // a late 401 for the old token
    expect(await cache.get()).toBe('token-2');
  });

  it('does not cache a failed token request', async () => {
    let calls = 0;
    const cache = new TokenCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('provider down');
      return { token: 'token-ok', expiresInSeconds: 3600 };
    });
    await expect(cache.get()).rejects.toThrow('provider down');
    expect(await cache.get()).toBe('token-ok');
  });
});
