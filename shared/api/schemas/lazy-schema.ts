/**
 * A schema built on its first use, then kept (DESIGN section 9: a Lambda
 * loads in at most 100 ms, and building every zod schema of the contract at
 * module load took a quarter of that). The schema modules declare each schema
 * through this, so importing a module builds nothing: a Lambda builds the
 * schemas of the routes it serves as each is first called, and a page those
 * it parses. The answer is the schema itself to every reader (zod's own
 * checks included), so callers and types are unchanged. Each call is
 * marked `/* @__PURE__ *\/`: a bundle that imports a schema module for one
 * constant then leaves its unused schemas, and zod, out (esbuild honours the
 * mark on a call, not a no-side-effects mark on this declaration).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    ownKeys: () => Reflect.ownKeys(schema()),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // the stand-in object has none of these properties: a proxy may not call one of them fixed
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
