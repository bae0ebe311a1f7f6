import * as z from 'zod';
import { lazySchema } from './lazy-schema';

/** GET /api/v1/health when the table answers (a 503 {error} otherwise). */
export const healthResponse = /* @__PURE__ */ lazySchema(() => z.object({ status: z.literal('ok') }));

/** GET /api/v1/dev/sms (local stack only): the SMS the gateway took, newest first. */
export const smsOutboxResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    messages: z.array(z.object({ id: z.string(), to: z.string(), text: z.string(), sentAt: z.string() })),
  }),
);
