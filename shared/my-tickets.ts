/**
 * The web's My tickets (DESIGN section 4, "A ticket is never lost by the
 * browser"): its one-time code, its session and the texts the API and the
 * page share. Apart from shared/messages.ts so that the home page's
 * JavaScript (DESIGN section 9) carries none of it.
 */

/** Digits of a one-time code. */
export const ACCESS_CODE_DIGITS = 6;
/** A code works this long after it was sent. */
export const ACCESS_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes tried before a code is void. */
export const ACCESS_CODE_MAX_TRIES = 5;
/** A My tickets session ends this long after the code opened it (it is never extended). */
export const TICKETS_SESSION_MS = 30 * 60_000;

export const myTicketsMessages = {
  /** The same answer whether or not the number ever played (no enumeration). */
  codeSent: 'If this is a Liberian mobile number, a 6-digit code is on its way to it by SMS. It works for 10 minutes.',
  /** The SMS: GSM-7, one part. */
  codeSms: (code: string) =>
    `Raffle Liberia: your My tickets code is ${code}. It works for 10 minutes. Never share it: we never ask for it.`,
  enterCode: 'Enter the 6-digit code from the SMS.',
  wrongCode: (triesLeft: number) =>
    `That code is not right. ${triesLeft === 1 ? '1 try left' : `${triesLeft} tries left`}.`,
  expiredCode: 'This code has expired or a newer one was sent. Ask for a new code.',
  tooManyTries: 'Too many wrong codes: this code no longer works. Ask for a new code.',
  codesPerNumber: 'Too many codes were asked for this number. Please wait 10 minutes and try again.',
  codesPerAddress: 'Too many codes were asked from this connection. Please wait a few minutes and try again.',
  triesPerAddress: 'Too many codes were tried from this connection. Please wait a minute and try again.',
  signedIn: 'Your tickets are shown below.',
  signedOut: 'You are signed out of My tickets.',
  notSignedIn: 'Enter your mobile number to see your tickets.',
  noTickets: 'No tickets yet for this number.',
} as const;
