import * as z from 'zod';
import { EXCLUSION_PERIODS } from '../../responsible-play';
import { messages } from '../../messages';
import { INVALID_MOBILE_NUMBER } from '../../phone';
import { lazySchema } from './lazy-schema';

const mobileNumber = /* @__PURE__ */ lazySchema(() => z.string().max(32, INVALID_MOBILE_NUMBER));

/** An admin's exclusion calls (shared/api/routes/admin-players.ts). */
export const exclusionQuery = /* @__PURE__ */ lazySchema(() => z.object({ mobile_number: mobileNumber }));
export const excludeBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: mobileNumber,
    period: z.enum(EXCLUSION_PERIODS, { message: messages.responsiblePlay.badPeriod }),
  }),
);
export const liftBody = /* @__PURE__ */ lazySchema(() => z.object({ mobile_number: mobileNumber }));

const exclusionRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: z.string(),
    excluded: z.boolean(),
    /** ISO instant the exclusion ends; absent when permanent or none. */
    until: z.string().optional(),
    permanent: z.boolean(),
    by: z.enum(['player', 'admin']).optional(),
    since: z.string().optional(),
  }),
);
export type ExclusionRecord = z.infer<typeof exclusionRecord>;
/** GET players/exclusions: every number excluded now, newest exclusion first. */
export const exclusionsResponse = /* @__PURE__ */ lazySchema(() => z.object({ Exclusions: z.array(exclusionRecord) }));
/** GET players/exclusion: where the number stands. */
export const exclusionResponse = /* @__PURE__ */ lazySchema(() => z.object({ Exclusion: exclusionRecord }));
/** POST sms/{smsId}/resend: what became of the request, and where the SMS stands (sent, or owed and due). */
export const smsResendResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), state: z.enum(['pending', 'sent']) }),
);
/** PUT players/exclusion and POST …/lift: the change's confirmation and where the number stands now. */
export const exclusionChangeResponse = /* @__PURE__ */ lazySchema(() =>
  exclusionResponse.extend({ message: z.string() }),
);
