import 'vitest';

declare module 'vitest' {
  /** Provided by the stack project's globalSetup (test/support/global-stack.ts). */
  export interface ProvidedContext {
    baseUrl: string;
  }
}
