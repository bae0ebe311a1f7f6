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

/**
 * Where a gateway puts the digits a player dials after its base code
 * (DESIGN section 8): in `text` as the first inputs (Africa's Talking on a
 * shared code), or appended to `serviceCode`. Configured per gateway and read
 * from that one place only.
 */
export const USSD_DIGITS_IN = ['text', 'serviceCode'] as const;
export type UssdDigitsIn = (typeof USSD_DIGITS_IN)[number];

/** A USSD screen holds at most 182 characters (DESIGN section 1). */
export const USSD_MAX_CHARS = 182;

/** `networkCode` (MCC-MNC) → the player's network (DESIGN section 8). */
export const USSD_NETWORK_CODES: Readonly<Record<string, UssdServer>> = {
  '61801': 'lonestar',
  '61807': 'orange',
};

/** The USSD screens' own texts (the spec names none); GSM-7 only (DESIGN section 8). */
export const ussdMessages = {
  /** The main menu's heading; its numbered items follow (functions/modules/ussd/menu.ts: each game's, then these). */
  welcome: 'Welcome to Raffle Liberia',
  checkTicket: 'Check a ticket',
  myTickets: 'My tickets',
  playResponsibly: 'Play responsibly',
  results: 'Results',
  checkSms: 'Check an SMS',
  enterCode: 'Enter the promo code you heard on air:',
  enterTicket: 'Enter your 14-digit ticket number:',
  back: '0. Back',
  /** No longer than `welcome`: on the main menu it takes the welcome's line. */
  notOnMenu: 'That is not on the menu.',
  tooManyWrong: 'Too many wrong choices. Dial again to start over.',
  sessionOver: 'This session has ended. Dial again to start over.',
  failed: 'Sorry, something went wrong. Please try again in a few minutes.',
  /** Above a game's prices: its prize as it stands, and the draw a ticket bought now is in (none: drawn live on air). */
  payFacts: (prize: string, draw: string | undefined) =>
    `Prize ${prize} LRD. ${draw === undefined ? 'Drawn live on air.' : `Draw ${draw}.`}`,
  payLine: (n: number, amount: string, currency: string) => `${n}. Pay ${amount} ${currency}`,
  resultsTitle: 'Last daily draws:',
  /** A daily draw's line: its day, the prize and the winner's last two digits. */
  resultLine: (day: string, prize: string, lastDigits: string) => `${day} ${prize} LRD **${lastDigits}`,
  noWinnerLine: (day: string) => `${day} no winner`,
  noResults: 'No daily draw has been made yet.',
  /** The results screen's choice (issue 35): each draw's result by SMS, or stop them when the number gets them. */
  resultsBySms: '1. Get results by SMS',
  stopResultsBySms: '1. Stop results by SMS',
  resultsConfirm: 'Get each daily and jackpot draw result by SMS? Reply STOP to any of them to stop.\n1. Confirm',
  /** "Check an SMS": every SMS we send ends with its Ref (functions/integrations/sms/gsm7.ts withCheckCode). */
  enterSmsCode: 'Enter the 8-digit Ref at the end of the SMS:',
  smsCodeBad: 'A Ref has 8 digits, as in "Ref 12345678".',
  smsNotOurs: (code: string) =>
    `We sent no SMS with Ref ${code}. If you typed it right, that SMS is not from us: never pay or give a PIN.`,
  /** `to`: the number it went to, masked, when not the caller's. */
  smsOurs: (code: string, when: string, to: string | undefined) =>
    `Ref ${code} is ours, sent to ${to ?? 'you'} ${when}:`,
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

/**
 * "My tickets" and play responsibly on USSD (DESIGN
 * section 7): the caller's own number only, GSM-7, each screen within
 * USSD_MAX_CHARS.
 */
export const ussdPlayerMessages = {
  myTicketsTitle: 'Your last tickets:',
  noTickets: 'No tickets yet for this number. Your ticket numbers come by SMS when you pay.',
  sendBySms: '1. Send by SMS',
  smsTitle: 'Raffle Liberia, your last tickets:',
  smsOnItsWay: 'Your ticket list is on its way by SMS.',
  smsAlreadyAsked: 'Your ticket list was sent by SMS a moment ago.',
  /** A ticket's status, short: the screen holds several. */
  status: {
    won: 'WON',
    waiting: 'waiting',
    lost: 'not a winner',
    expired: 'expired',
    unknown: 'unknown',
    // a cleared draw's tickets (DESIGN section 4 "Clear draw")
    refunded: 'refunded',
    carried: 'carried to next draw',
    // an entry whose payment has not come yet (no ticket number)
    pending: 'payment pending',
  } as Record<string, string>,
  careMenu:
    'Play responsibly. Spend only what you can afford. 18+ only.\n1. Daily spending limit\n2. Stop playing for a while',
  limitNow: (limit: string | undefined, raise?: { to: string; from: string }) =>
    `${limit === undefined ? 'No daily spending limit is set.' : `Your daily spending limit: ${limit} LRD.`}${raise ? ` ${raise.to} LRD from ${raise.from}.` : ''} Enter a new limit in LRD:`,
  limitNotLower: (limit: string) => `Enter an amount lower than ${limit} LRD.`,
  limitSame: (limit: string) => `Your limit is ${limit} LRD already.`,
  limitBad: 'Enter an amount in LRD, such as 500.',
  /** Shown before a limit is set (DESIGN section 7): a lower one starts now, a higher one a day later. */
  limitConfirm: (limit: string, raise: boolean, warning: string | undefined) =>
    `${warning ? `${warning}\n` : ''}Daily spending limit: ${limit} LRD, ${raise ? 'from 24 hours after you confirm' : 'from now'}.\n1. Confirm`,
  limitBelowTicket: (cheapest: string) => `No ticket fits under this limit: the cheapest is ${cheapest} LRD.`,
  limitSet: (limit: string) => `Your daily spending limit is now ${limit} LRD.`,
  limitRaised: (limit: string, from: string, now: string) =>
    `Your daily spending limit will be ${limit} LRD from ${from}. Until then it stays ${now} LRD.`,
  excludeMenu: 'Stop playing with this number for:\n1. 1 month\n2. 6 months\n3. Permanently',
  excludeConfirm: (until: string | undefined) =>
    `${until === undefined ? 'You will never again be able to play with this number.' : `You will not be able to play with this number until ${until}.`} This cannot be undone here.\n1. Confirm`,
  excludedUntil: (until: string) =>
    `Done. This number cannot play until ${until}. Help: see Play responsibly on our website.`,
  excludedForGood: 'Done. This number can no longer play. Help: see Play responsibly on our website.',
} as const;
