import * as z from 'zod';
import { ACCESS_CODE_DIGITS, myTicketsMessages } from '../../my-tickets';
import { INVALID_MOBILE_NUMBER } from '../../phone';
import { lazySchema } from './lazy-schema';

const mobileNumber = /* @__PURE__ */ lazySchema(() => z.string().max(32, INVALID_MOBILE_NUMBER));

/** POST /api/v1/my-tickets/code: a one-time code for this number, by SMS. */
export const ticketsCodeRequest = /* @__PURE__ */ lazySchema(() => z.object({ mobile_number: mobileNumber }));

/** POST /api/v1/my-tickets/session: the code from the SMS opens a session for the number. */
export const ticketsSessionRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: mobileNumber,
    code: z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .pipe(z.string().regex(new RegExp(`^\\d{${ACCESS_CODE_DIGITS}}$`), myTicketsMessages.enterCode)),
  }),
);

/** A plain answer in words. */
export const ticketsMessage = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string() }));

/** The words a ticket list gives a ticket (functions/modules/entries/verify-ticket.ts `TicketStatus`). */
const ticketStatus = /* @__PURE__ */ lazySchema(() =>
  z.enum(['won', 'waiting', 'lost', 'expired', 'refunded', 'carried']),
);

/** GET /api/v1/my-tickets: the session's number's list, the same as USSD My tickets gives (newest first). */
export const myTicketsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The number, masked (DESIGN section 7). */
    mobile_number: z.string(),
    /** When the session ends (ISO): a new code is needed then. */
    session_ends_at: z.string(),
    tickets: z.array(
      z.object({
        entry_id: z.string(),
        /** The game's name, as USSD's list names it. */
        game: z.string(),
        ticket_number: z.string(),
        status: ticketStatus,
        /** The status in words, as USSD's list says it. */
        status_text: z.string(),
        /** "Nov 22, 2026 21:00 GMT": when it was drawn, or the draw it waits for. */
        draw_time: z.string().optional(),
      }),
    ),
    /** Entries whose payment has not come yet. */
    pending: z.array(
      z.object({
        entry_id: z.string(),
        game: z.string(),
        /** "100.00 LRD". */
        amount: z.string(),
        created_at: z.string(),
        /** The entry's own page on this site (a house game's entry), where its payment is followed. */
        entry_page: z.string().optional(),
      }),
    ),
  }),
);
