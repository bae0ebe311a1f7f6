import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { gsm7Length, isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { getSms, smsIdOf } from '../../functions/modules/messages';
import { MAX_WRONG_INPUTS } from '../../functions/modules/ussd';
import { USSD_MAX_CHARS, USSD_SERVICE_CODE } from '@shared/ussd';
import { getEntry } from '../../functions/modules/entries';
import { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPlayerNumber, aPromotionToDraw, aUniquePlayerNumber, settledState } from '../support/play';
import { latestPendingEntryOf, setEntry } from '../support/stored-state';
import { messages } from '@shared/messages';

const NETWORK_CODE = { lonestar: '61801', orange: '61807' } as const;

/**
 * One keypress of a USSD session, as Africa's Talking posts it on a shared
 * code: `serviceCode` is always the base code `*384*2024#`, digits dialled
 * after it arrive as the first inputs of `text`, and `networkCode` names the
 * player's network (the number's own unless a test says otherwise).
 */
async function dial(
  server: 'lonestar' | 'orange',
  phone: string,
  text: string,
  options: { key?: string; serviceCode?: string; network?: 'lonestar' | 'orange' } = {},
) {
  const key = options.key ?? localDefaults.ussd[server];
  const form = new URLSearchParams({
    sessionId: 'ATUid_test',
    serviceCode: options.serviceCode ?? USSD_SERVICE_CODE,
    phoneNumber: `+${phone}`,
    networkCode: NETWORK_CODE[options.network ?? (phone.startsWith('23177') ? 'orange' : 'lonestar')],
    text,
  });
  const response = await new ApiClient().request(
    'POST',
    `${routes.ussd.path.replace(':server', server)}?key=${encodeURIComponent(key)}`,
    undefined,
    {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    },
  );
  return { status: response.status, text: response.text };
}

/** Every screen: plain text, CON or END, GSM-7 only, at most 182 characters. */
function expectScreen(reply: { status: number; text: string }, kind: 'CON' | 'END') {
  expect(reply.status).toBe(200);
  expect(reply.text.startsWith(`${kind} `), reply.text).toBe(true);
  expect(reply.text.length).toBeLessThanOrEqual(USSD_MAX_CHARS);
  expect(gsm7Length(reply.text), `not GSM-7: ${reply.text}`).not.toBeNull();
  return reply.text;
}

let sharedCode: string;
let promotionTitle: string;
let orangeCode: string;
let orangeTitle: string;

beforeAll(async () => {
  const { user, client } = await fixtureSuperAdmin();
  const partner = await aPartner();
  const assigned = await aPromotionToDraw(
    client,
    user.id,
    partner,
    { threshold: 10, starting_threshold: 5, winner_amount: '1000.00' },
    { promotion_prize_lrd: '150.00', promotion_prize_usd: '0.75' },
  );
  promotionTitle = assigned.promotion.promotion_title;
  sharedCode = assigned.sharedCode;
  const orange = await aPromotionToDraw(
    client,
    user.id,
    partner,
    { server: 'orange' },
    {
      promotion_title: `Tom & Jerry’s Lucky Hour — Côte ${randomInt(1_000_000)} 幸运`,
      promotion_prize_lrd: '125.00',
      promotion_prize_usd: '0.00',
    },
  );
  orangeTitle = orange.promotion.promotion_title;
  orangeCode = orange.sharedCode;
});

describe('USSD on a shared code (DESIGN section 8)', () => {
  it('shows the main menu', async () => {
    const text = expectScreen(await dial('lonestar', aUniquePlayerNumber(), ''), 'CON');
    for (const item of ['1. Daily Cash Giveaway', '2. Jackpot', '3. Enter a promo code', '4. Check a ticket'])
      expect(text).toContain(item);
  });

  it('enters the daily draw from the menu and pays through the simulator', async () => {
    const phone = aUniquePlayerNumber();
    const menu = expectScreen(await dial('lonestar', phone, '1'), 'CON');
    expect(menu).toContain('1. Pay 100.00 LRD');
    expect(menu).toContain('0. Back');
    const done = expectScreen(await dial('lonestar', phone, '1*1'), 'END');
    expect(done).toMatch(/Approve the 100\.00 LRD prompt on your phone/);
    const entryId = await latestPendingEntryOf(phone);
    expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
    expect((await getEntry(entryId))!.channel).toBe('ussd');
  });

  it('answers END before the payment prompt goes out (DESIGN section 8): a provider slow to take the request holds nothing up', async () => {
    // the simulator answers this number's request to pay only after 10 s: an END that waited for it could not come now
    const phone = await aPlayerNumber('slow');
    const done = expectScreen(await dial('lonestar', phone, '1*1'), 'END');
    expect(done).toMatch(/Approve the 100\.00 LRD prompt on your phone/);
    const entryId = await latestPendingEntryOf(phone);
    expect(await settledState(entryId, 20_000)).toMatchObject({ status: 'paid' });
  });

  it('offers the jackpot in both currencies', async () => {
    const text = expectScreen(await dial('orange', aUniquePlayerNumber('orange'), '2'), 'CON');
    expect(text).toMatch(/1\. Pay \d+\.\d\d LRD\n2\. Pay \d+\.\d\d USD/);
  });

  it('goes back with 0', async () => {
    const text = expectScreen(await dial('lonestar', aUniquePlayerNumber(), '1*0'), 'CON');
    expect(text).toContain('Welcome to Raffle Liberia');
    expect(expectScreen(await dial('lonestar', aUniquePlayerNumber(), '3*0'), 'CON')).toContain('4. Check a ticket');
  });

  it('enters a promo code typed from the menu', async () => {
    const phone = aUniquePlayerNumber();
    expect(expectScreen(await dial('lonestar', phone, '3'), 'CON')).toContain('Enter the promo code');
    const screen = expectScreen(await dial('lonestar', phone, `3*${sharedCode}`), 'CON');
    expect(screen).toContain(promotionTitle);
    expect(screen).toContain('1. Pay 150.00 LRD');
    expect(expectScreen(await dial('lonestar', phone, `3*${sharedCode}*2`), 'END')).toMatch(
      /Approve the 0\.75 USD prompt/,
    );
  });

  it('names a 10,000 LRD price on the pay screen and its approval in the public money format', async () => {
    const { user, client } = await fixtureSuperAdmin();
    const { sharedCode: code } = await aPromotionToDraw(
      client,
      user.id,
      await aPartner(),
      {},
      { promotion_title: 'Big Stake', promotion_prize_lrd: '10000.00', promotion_prize_usd: '0.50' },
    );
    const phone = aUniquePlayerNumber();
    const screen = expectScreen(await dial('lonestar', phone, `3*${code}`), 'CON');
    expect(screen).toContain('1. Pay 10,000.00 LRD\n2. Pay 0.50 USD');
    expect(expectScreen(await dial('lonestar', phone, `3*${code}*1`), 'END')).toContain(
      'Approve the 10,000.00 LRD prompt on your phone to enter Big Stake.',
    );
  });

  it('jumps straight to a promotion whose code was dialled after the base code (*384*2024*CODE#) or typed first', async () => {
    // Africa's Talking: the dialled digits arrive as the first input
    const phone = aUniquePlayerNumber();
    expect(expectScreen(await dial('lonestar', phone, sharedCode), 'CON')).toContain(promotionTitle);
    expect(expectScreen(await dial('lonestar', phone, `${sharedCode}*1`), 'END')).toMatch(
      /Approve the 150\.00 LRD prompt/,
    );
    // a gateway configured to keep them in serviceCode: test/integration/ussd-digits-in.test.ts
  });

  it('reads dialled digits from text alone, so digits also in serviceCode never skip the price screen', async () => {
    const phone = aUniquePlayerNumber();
    // *384*2024*1# dialled: the 1 is in text, and this gateway also appends it to serviceCode
    const screen = expectScreen(await dial('lonestar', phone, '1', { serviceCode: '*384*2024*1#' }), 'CON');
    expect(screen).toContain('1. Pay 100.00 LRD');
    expect(screen).not.toContain('Approve');
    // an entry would be stored before the answer: none was
    await expect(latestPendingEntryOf(phone, 0)).rejects.toThrow();
  });

  it('never takes the base code itself for a promo code', async () => {
    const text = expectScreen(await dial('lonestar', aUniquePlayerNumber(), ''), 'CON');
    expect(text).toContain('Welcome to Raffle Liberia');
    expect(text).not.toContain('We do not know that promo code');
  });

  it('serves both networks on one channel: networkCode decides, so an Orange player reaches the Orange promotion', async () => {
    const orangePlayer = aUniquePlayerNumber('orange');
    const screen = expectScreen(await dial('lonestar', orangePlayer, orangeCode), 'CON');
    expect(screen).toContain('Tom & Jerry');
    expect(screen).toContain('1. Pay 125.00 LRD');
    expect(screen).not.toContain('2. Pay');
    expect(expectScreen(await dial('lonestar', orangePlayer, `${orangeCode}*1`), 'END')).toMatch(
      /Approve the 125\.00 LRD prompt/,
    );
    // and a Lonestar player on the Orange gateway still reaches the Lonestar promotion
    expect(expectScreen(await dial('orange', aUniquePlayerNumber(), sharedCode), 'CON')).toContain(promotionTitle);
  });

  it('texts the player when the provider refuses the prompt the END screen promised: no ticket, nothing paid, no wallet', async () => {
    // Orange refuses a number with no Orange Money wallet outright (417), after the session has ended: told it has none
    const phone = await aPlayerNumber('unregistered', 'orange');
    expect(expectScreen(await dial('orange', phone, `3*${orangeCode}*1`), 'END')).toMatch(
      /Approve the 125\.00 LRD prompt/,
    );
    const entryId = await latestPendingEntryOf(phone);
    expect(await settledState(entryId)).toMatchObject({ status: 'failed' });
    const sms = await eventually(
      () => getSms(smsIdOf('prompt-refused', entryId)),
      (record) => record?.state === 'sent',
    );
    expect(sms).toMatchObject({ to: phone, purpose: 'prompt-refused' });
    // the title as the screens show it (GSM-7), cut to fit one SMS
    expect(sms!.text).toMatch(
      /^Your Tom & Jerry's Lucky Hour - Cote \d+[\s\S]* entry did not go through: this number has no mobile money account\. Nothing was paid\.$/,
    );
    expect(isOneGsm7Sms(sms!.text)).toBe(true);
  });

  it("shows a title with '&', curly quotes and non-Latin letters in GSM-7", async () => {
    const screen = expectScreen(await dial('orange', aUniquePlayerNumber('orange'), `3*${orangeCode}`), 'CON');
    expect(screen).toContain("Tom & Jerry's Lucky Hour - Cote");
    expect(orangeTitle).toContain('幸运');
  });

  it('asks again after a wrong choice instead of ending the session', async () => {
    const phone = aUniquePlayerNumber();
    const wrongMain = expectScreen(await dial('lonestar', phone, '0'), 'CON');
    expect(wrongMain).toContain('not on the menu');
    expect(wrongMain).toContain('1. Daily Cash Giveaway');
    // the wrong input stays in the session's text; the next one is read on the same screen
    expect(expectScreen(await dial('lonestar', phone, '0*1'), 'CON')).toContain('1. Pay 100.00 LRD');
    const wrongPay = expectScreen(await dial('lonestar', phone, '0*1*7'), 'CON');
    expect(wrongPay).toContain('not on the menu');
    expect(wrongPay).toContain('1. Pay 100.00 LRD');
    const wrongCode = expectScreen(await dial('lonestar', phone, '3*99999'), 'CON');
    expect(wrongCode).toContain('We do not know that promo code');
    expect(wrongCode).toContain('Enter the promo code');
    expect(expectScreen(await dial('lonestar', phone, `3*99999*${sharedCode}`), 'CON')).toContain(promotionTitle);
    expect(expectScreen(await dial('lonestar', phone, Array(MAX_WRONG_INPUTS).fill('0').join('*')), 'END')).toContain(
      'Too many wrong choices',
    );
  });

  it('acts only on the last input, so a replayed session never pays twice', async () => {
    const phone = aUniquePlayerNumber();
    expect(expectScreen(await dial('lonestar', phone, '1*1*1'), 'END')).toContain('session has ended');
    await expect(latestPendingEntryOf(phone, 0)).rejects.toThrow(/no pending entry/);
  });

  it('ends with a helpful END what cannot be fixed in the session: a code on the other network, a foreign number', async () => {
    expect(expectScreen(await dial('orange', aUniquePlayerNumber('orange'), `3*${sharedCode}`), 'END')).toMatch(
      /Lonestar MTN numbers only/,
    );
    expect(expectScreen(await dial('lonestar', '23166612345', '1*1'), 'END')).toContain('Liberian mobile number');
  });

  it('checks a ticket', async () => {
    const phone = aUniquePlayerNumber();
    await dial('lonestar', phone, '1*1');
    const state = await settledState(await latestPendingEntryOf(phone));
    expect(expectScreen(await dial('lonestar', phone, '4'), 'CON')).toContain('ticket number');
    expect(expectScreen(await dial('lonestar', phone, `4*${state.ticket_number}`), 'END')).toContain(
      'Ticket valid: it is in the draw on ',
    ); // names the draw, as the ticket SMS does
    // a mistyped number is asked for again (ussd-screens.test.ts), and then the right one answered
    expect(expectScreen(await dial('lonestar', phone, '4*12345'), 'CON')).toContain('not a valid ticket number');
    const wrongLast = `${state.ticket_number!.slice(0, 13)}${(Number(state.ticket_number![13]) + 1) % 10}`;
    expect(expectScreen(await dial('lonestar', phone, `4*${wrongLast}`), 'CON')).toBe(
      `CON ${messages.ticketCheck.checkDigit}\nEnter your 14-digit ticket number:\n0. Back`,
    );
    expect(expectScreen(await dial('lonestar', phone, `4*${wrongLast}*${state.ticket_number}`), 'END')).toContain(
      'Ticket valid: it is in the draw on ',
    );
  });

  it('tells a radio promotion winner they won, naming the promotion', async () => {
    const { entryId, ticket } = await aPaidEntryByCode(sharedCode);
    await setEntry(entryId, { wonAt: '2026-11-21T19:30:00.000Z', prizeLrdCents: 100_000 });
    const text = expectScreen(await dial('lonestar', aUniquePlayerNumber(), `4*${ticket}`), 'END');
    expect(text).toBe(
      `END ${messages.ticketCheck.ofGame(promotionTitle, messages.ticketCheck.won('1,000.00', 'Nov 21, 2026'))}`,
    );
  });

  it('refuses a gateway without its secret, and unknown gateways', async () => {
    expect((await dial('lonestar', aUniquePlayerNumber(), '', { key: 'wrong' })).status).toBe(403);
    expect((await dial('lonestar', aUniquePlayerNumber(), '', { key: localDefaults.ussd.orange })).status).toBe(403);
    const unknown = await new ApiClient().request('POST', '/api/v1/ussd/mtn?key=x', undefined, {
      rawBody: 'text=',
      csrf: false,
    });
    expect(unknown.status).toBe(404);
  });
});
