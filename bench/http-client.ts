/** A minimal cookie-keeping client for benchmarks (the same wire calls a browser makes). */
export class BenchClient {
  cookie?: string;

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'x-requested-with': 'bench' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      if (pair.startsWith('__Host-session=')) this.cookie = pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // plain text (USSD)
    }
    return { status: response.status, body: parsed, text };
  }
}
