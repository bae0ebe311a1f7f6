import * as z from 'zod';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '../../phone';
import { emailField, requiredText } from './common';
import { lazySchema } from './lazy-schema';

/** The home page's announcement kinds (spec section 2: important, winner, update). */
export const ANNOUNCEMENT_TYPES = ['important', 'winner', 'update'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_MESSAGE_MAX = 400;
/** How many of the newest announcements the public read carries (the home page shows them all). */
export const PUBLIC_ANNOUNCEMENTS = 3;

/** An admin's announcement (spec section 2's fields but id and date, which the server gives). */
export const announcementBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    type: z.enum(ANNOUNCEMENT_TYPES, 'Choose important, winner or update'),
    title: requiredText(ANNOUNCEMENT_TITLE_MAX),
    message: requiredText(ANNOUNCEMENT_MESSAGE_MAX),
  }),
);
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** An announcement as stored and shown: `date` is the day it was posted, yyyy-MM-dd (GMT). */
const announcement = /* @__PURE__ */ lazySchema(() => announcementBody.extend({ id: z.string(), date: z.string() }));
export type Announcement = z.infer<typeof announcement>;

/** A Liberian number as every other number the product takes, stored 231XXXXXXXXX; blank = none. */
const contactNumber = () =>
  z
    .string()
    .trim()
    .max(32, INVALID_MOBILE_NUMBER)
    .transform((value, ctx) => {
      if (value === '') return null;
      const msisdn = normalizeMobileNumber(value);
      if (!msisdn) ctx.addIssue({ code: 'custom', message: INVALID_MOBILE_NUMBER });
      return msisdn;
    });

/**
 * The site's contact details (footer, contact section, the held-prize SMS; `services_phone` on the software
 * services page, spec section 2's "/w-digital … with phone contact"); a blank field shows nothing.
 */
export const contactBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    phone: contactNumber(),
    whatsapp: contactNumber(),
    email: z.union([z.literal('').transform(() => null), emailField]),
    // optional: a client that sends the first three fields only keeps working (the page then names no number)
    services_phone: contactNumber()
      .optional()
      .transform((value) => value ?? null),
  }),
);
export type ContactBody = z.input<typeof contactBody>;

const contactDetails = /* @__PURE__ */ lazySchema(() =>
  z.object({
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    services_phone: z.string().nullable(),
  }),
);
export type ContactDetails = z.infer<typeof contactDetails>;

export const announcementsList = /* @__PURE__ */ lazySchema(() => z.object({ announcements: z.array(announcement) }));
export const announcementSaved = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string(), announcement }));
export const contactAnswer = /* @__PURE__ */ lazySchema(() => z.object({ contact: contactDetails }));
export const contactSaved = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), contact: contactDetails }),
);

/** GET /api/v1/public/site: the newest announcements and the contact details (one read, CDN-cached). */
export const publicSite = /* @__PURE__ */ lazySchema(() =>
  z.object({ announcements: z.array(announcement), contact: contactDetails }),
);
