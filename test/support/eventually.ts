/**
 * Poll `read` every 100 ms until `done` holds; fail with the last value after `timeoutMs` (no fixed
 * sleeps in tests). The default deadline is long enough for a loaded 2-core machine: it costs time only
 * when the condition never holds.
 */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
