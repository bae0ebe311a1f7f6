/**
 * The USSD gateways we answer (DESIGN section 8), one per mobile network;
 * each authenticates with its own secret (DESIGN section 7). Free of zod so
 * the USSD Lambda can name them without bundling it.
 */
export const USSD_SERVERS = ['lonestar', 'orange'] as const;
export type UssdServer = (typeof USSD_SERVERS)[number];

/**
 * The code players dial (the site shows it; each gateway's base code unless
 * the integrations secret names another). On an Africa's Talking shared code
 * it is `*384*<channel>#` and every session arrives with it as `serviceCode`
 * (DESIGN section 8).
 */
export const USSD_SERVICE_CODE = '*384*2024#';

/** A USSD screen holds at most 182 characters (DESIGN section 1). */
export const USSD_MAX_CHARS = 182;

/** `networkCode` (MCC-MNC) → the player's network (DESIGN section 8). */
export const USSD_NETWORK_CODES: Readonly<Record<string, UssdServer>> = {
  '61801': 'lonestar',
  '61807': 'orange',
};

/** The USSD screens' own texts (the spec names none); GSM-7 only (DESIGN section 8). */
export const ussdMessages = {
  welcome: 'Welcome to Raffle Liberia\n1. Daily Cash Giveaway\n2. Jackpot\n3. Enter a promo code\n4. Check a ticket',
  enterCode: 'Enter the promo code you heard on air:',
  enterTicket: 'Enter your 14-digit ticket number:',
  back: '0. Back',
  notOnMenu: 'That choice is not on the menu.',
  tooManyWrong: 'Too many wrong choices. Dial again to start over.',
  sessionOver: 'This session has ended. Dial again to start over.',
  failed: 'Sorry, something went wrong. Please try again in a few minutes.',
  payLine: (n: number, amount: string, currency: string) => `${n}. Pay ${amount} ${currency}`,
  approve: (amount: string, currency: string, title: string) =>
    `Approve the ${amount} ${currency} prompt on your phone to enter ${title}. Your ticket comes by SMS.`,
  /**
   * The SMS a USSD player gets when the provider refuses the prompt after the
   * session ended with `approve` (DESIGN section 8: the prompt leaves the
   * request path), so the promised prompt and ticket never come.
   */
  promptRefusedSms: (title: string) =>
    `Your ${title} entry did not go through: mobile money refused the payment prompt. Nothing was paid. Dial ${USSD_SERVICE_CODE} to try again.`,
} as const;
