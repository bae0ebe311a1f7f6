/**
 * The USSD gateways we answer (DESIGN section 8), one per mobile network;
 * each authenticates with its own secret (DESIGN section 7). Free of zod so
 * the USSD Lambda can name them without bundling it.
 */
export const USSD_SERVERS = ['lonestar', 'orange'] as const;
export type UssdServer = (typeof USSD_SERVERS)[number];
