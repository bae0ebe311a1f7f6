import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import { formatGmtDay } from '@shared/dates';
import { formatMoneyShown } from '@shared/money';
import { formatTicketNumber } from '@shared/ticket-number';
import { USSD_MAX_CHARS, ussdMessages } from '@shared/ussd';
import { gsm7Length } from '../../functions/integrations/sms/gsm7';
import { getDraw } from '../../functions/modules/draw-records';
import { houseDraws, type HouseDrawTarget } from '../../functions/modules/draws';
import { eventually } from '../support/eventually';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, aUniquePlayerNumber, paidEntriesByCode, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import { setAssignment } from '../support/stored-state';
import { dialAs } from '../support/ussd';

/**
 * The USSD screens as Africa's Talking drives them (`text`: every input so
 * far, digits dialled after the base code first): every screen within one
 * USSD page, a mistyped promo code or ticket asked again, the facts a pay
 * screen names, the last daily results and the SMS check.
 */
/** The main menu as a session's first screen shows it ("CON Welcome…"), and its items. */
let mainMenu: string;
let MENU_ITEMS: string[];
const UNKNOWN_CODE = '5678';

let sharedCode: string;
let promotionTitle: string;

beforeAll(async () => {
  mainMenu = (await dialAs(aUniquePlayerNumber(), '')).text;
  MENU_ITEMS = mainMenu.split('\n').slice(1);
  const { user, client } = await fixtureSuperAdmin();
  const assigned = await aPromotionToDraw(
    client,
    user.id,
    await aPartner(),
    { threshold: 500, starting_threshold: 400, winner_amount: '1000.00' },
    // a long title: the pay screen's title gives way to its facts and prices
    { promotion_title: `Kiss FM Friday Night Mega Lucky Hour Giveaway With Extra Prizes ${randomUUID()}` },
  );
  sharedCode = assigned.sharedCode;
  promotionTitle = assigned.promotion.promotion_title;
});

/** A screen, checked: 200, CON or END, GSM-7, within one USSD page, and never cut ("6. Pl..."). */
function expectFits(path: string, reply: { status: number; text: string }) {
  expect(reply.status, path).toBe(200);
  expect(/^(CON|END) /.test(reply.text), `${path}: ${reply.text}`).toBe(true);
  expect(reply.text.length, `${path}: ${reply.text}`).toBeLessThanOrEqual(USSD_MAX_CHARS);
  expect(gsm7Length(reply.text), `${path}: ${reply.text}`).not.toBeNull();
  expect(reply.text.endsWith('...'), `${path} was cut: ${reply.text}`).toBe(false);
  // the main menu, with or without a note above it, shows every item
  if (reply.text.includes(MENU_ITEMS[0]!)) for (const item of MENU_ITEMS) expect(reply.text, path).toContain(item);
}

/** What to type on a screen besides its numbered choices: a prompt's right and wrong answers. */
function typedFor(text: string): string[] {
  if (text.includes('promo code')) return [UNKNOWN_CODE, sharedCode];
  if (text.includes('ticket number')) return ['12345', '67415745994687'];
  if (text.includes('new limit')) return ['15', '500', 'x'];
  if (text.includes('Ref at the end')) return ['123', '00000000'];
  return [];
}

/** Choices that act (pay, confirm, send an SMS): the walk never presses them, their answers have tests of their own. */
const acts = (text: string, choice: string) => new RegExp(`^${choice}\\. (Pay |Confirm|Send by SMS)`, 'm').test(text);

describe('every USSD screen fits one USSD page (DESIGN section 8)', () => {
  it('walks every menu screen, with and without a note, as Africa’s Talking posts it: none longer than 182 characters or cut', async () => {
    const phone = aUniquePlayerNumber();
    const seen = new Set<string>();
    let level: string[][] = [[]];
    let screens = 0;
    for (let depth = 0; depth <= 4 && level.length > 0; depth += 1) {
      const replies = [];
      // a few sessions side by side: the walk is a hundred or so screens
      for (let i = 0; i < level.length; i += 8) {
        const batch = level.slice(i, i + 8);
        replies.push(
          ...(await Promise.all(batch.map(async (path) => ({ path, reply: await dialAs(phone, path.join('*')) })))),
        );
      }
      const next: string[][] = [];
      for (const { path, reply } of replies) {
        expectFits(path.join('*') || '(dialled)', reply);
        screens += 1;
        if (!reply.text.startsWith('CON ') || seen.has(reply.text)) continue;
        seen.add(reply.text);
        const choices = [...reply.text.matchAll(/^(\d)\. /gm)].map((m) => m[1]!).filter((c) => !acts(reply.text, c));
        for (const input of [...new Set([...choices, '9', ...typedFor(reply.text)])]) next.push([...path, input]);
      }
      level = next;
    }
    // every item of the menu was opened, and its screens below
    expect(screens).toBeGreaterThan(60);
  }, 120_000);

  it('asks for an unknown promo code again on the code screen, dialled (*384*2024*5678#) or typed: the menu is never pushed past the page', async () => {
    const phone = aUniquePlayerNumber();
    // Africa's Talking: the digits dialled after the base code are the first input
    for (const path of [UNKNOWN_CODE, `3*${UNKNOWN_CODE}`]) {
      const reply = await dialAs(phone, path);
      expectFits(path, reply);
      expect(reply.text).toBe(
        `CON We do not know that promo code. Check it and try again.\n${ussdMessages.enterCode}\n0. Back`,
      );
    }
    // typed again right: its prices; or back to the whole menu
    expect((await dialAs(phone, `${UNKNOWN_CODE}*${sharedCode}`)).text).toContain('1. Pay ');
    expect((await dialAs(phone, `${UNKNOWN_CODE}*0`)).text).toBe(mainMenu);
    // a wrong choice on the main menu (0: nothing to go back to): the note takes the welcome's line, every item shows
    const wrong = await dialAs(phone, '0');
    expectFits('0', wrong);
    expect(wrong.text).toBe(`CON ${[ussdMessages.notOnMenu, ...MENU_ITEMS].join('\n')}`);
  });

  it('asks for a mistyped ticket number again, with Back on the ticket screen', async () => {
    const phone = aUniquePlayerNumber();
    expect((await dialAs(phone, '4')).text).toBe(`CON ${ussdMessages.enterTicket}\n0. Back`);
    const malformed = await dialAs(phone, '4*12345');
    expectFits('4*12345', malformed);
    expect(malformed.text).toMatch(
      /^CON That is not a valid ticket number\.[^\n]*\nEnter your 14-digit ticket number:\n0\. Back$/,
    );
    // a wrong check digit, then an unknown number: asked again each time, and 0 still goes back
    const checkDigit = await dialAs(phone, '4*12345*67415745994687');
    expect(checkDigit.text).toMatch(/^CON Please check the number: one digit looks wrong\.\nEnter your 14-digit/);
    expect((await dialAs(phone, '4*12345*67415745994687*0')).text).toBe(mainMenu);
  });

  it('names the prize and the draw on the pay screen: a house game its draw time, a promotion its live draw', async () => {
    const phone = aUniquePlayerNumber();
    // other files change the house settings meanwhile: the prize and time as the screen's format has them
    const daily = await dialAs(phone, '1');
    expectFits('1', daily);
    expect(daily.text).toMatch(
      /^CON Daily Cash Giveaway\nPrize [\d,]+\.\d\d LRD\. Draw [A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d GMT\.\n1\. Pay [\d,]+\.\d\d LRD\n2\. Pay [\d.]+ USD\n0\. Back$/,
    );
    const jackpot = await dialAs(phone, '2');
    expect(jackpot.text).toMatch(
      /^CON Jackpot\nPrize [\d,]+\.\d\d LRD\. Draw [A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d GMT\.\n1\. Pay /,
    );
    const promotion = await dialAs(phone, `3*${sharedCode}`);
    expectFits(`3*${sharedCode}`, promotion);
    // the long title gives way: the facts and every price show
    expect(promotion.text).toContain(`${promotionTitle.slice(0, 20)}`);
    expect(promotion.text).toContain('...\nPrize 1,000.00 LRD. Drawn live on air.\n1. Pay ');
    expect(promotion.text.endsWith('\n0. Back')).toBe(true);
  });
});

describe('results and the SMS check on USSD (DESIGN section 8)', () => {
  it('lists the last daily results, newest first, and the winner checks the win SMS by its Ref: ours, sent to them, saying we never ask for a PIN or a fee', async () => {
    // a daily game of this test's own, drawn by the very job code (the real one is every test's)
    const { user, client } = await fixtureSuperAdmin();
    const own = await aPromotionToDraw(client, user.id, await aPartner());
    await setAssignment(own.assignmentId, { kind: 'house' });
    await paidEntriesByCode(own.sharedCode, 2);
    const now = new Date(Date.now() + 60_000);
    const drawTime = now.toISOString().slice(11, 16);
    const target: HouseDrawTarget = {
      game: 'daily',
      assignmentId: own.assignmentId,
      marker: `test-daily-${randomUUID()}`,
    };
    const settings = { ...DEFAULT_HOUSE_SETTINGS, daily: { ...DEFAULT_HOUSE_SETTINGS.daily, drawTime } };
    expect((await houseDraws(now, [target], settings))[target.marker]).toMatchObject({ outcome: 'drawn' });
    const record = (await getDraw(`${own.assignmentId}-w1`))!;
    const winner = record.winnerMsisdn!;

    const results = await dialAs(aUniquePlayerNumber(), '7');
    expectFits('7', results);
    const lines = results.text.split('\n');
    expect(lines[0]).toBe(`CON ${ussdMessages.resultsTitle}`);
    expect(lines.at(-1)).toBe('0. Back');
    // the results, then the result-SMS choice (a number not opted in is offered it)
    expect(lines.at(-2)).toBe(ussdMessages.resultsBySms);
    expect(lines.length - 3).toBeLessThanOrEqual(5);
    const day = formatGmtDay(record.drawDay!).replace(/, \d{4}$/, '');
    // other files draw daily games of their own meanwhile: this one is among the newest
    expect(results.text).toContain(`\n${day} ${formatMoneyShown(record.prizeLrdCents!)} LRD **${winner.slice(-2)}\n`);
    expect(results.text).not.toContain(winner.slice(0, 8));
    expect((await dialAs(aUniquePlayerNumber(), '7*0')).text).toBe(mainMenu);

    // the win SMS ends with its Ref and says what a fake one asks for
    const sent = await eventually(
      async () => (await smsTo(winner)).find((sms) => sms.text.startsWith('Congratulations!')),
      (sms) => sms !== undefined,
    );
    const { text, code } = splitCheckCode(sent!.text);
    expect(text.endsWith('We never ask for a PIN or a fee.')).toBe(true);
    expect(code).toMatch(/^\d{8}$/);

    expect((await dialAs(winner, '8')).text).toBe(`CON ${ussdMessages.enterSmsCode}\n0. Back`);
    // the SMS quoted as far as the page holds it, its ticket number masked
    const mine = await dialAs(winner, `8*${code}`);
    expect(mine.text.length).toBeLessThanOrEqual(USSD_MAX_CHARS);
    expect(mine.text).toMatch(
      new RegExp(
        `^END Ref ${code} is ours, sent to you [A-Z][a-z]{2} \\d{1,2}, \\d{4} \\d\\d:\\d\\d GMT:\\nCongratulations! Ticket \\*{4}-\\*{4}-\\*{4}-\\d\\d won ${formatMoneyShown(record.prizeLrdCents!)} LRD in the `,
      ),
    );
    expect(mine.text).not.toContain(formatTicketNumber(record.winnerTicket!));
    // another number is told it went elsewhere, masked
    const elsewhere = await dialAs(aUniquePlayerNumber(), `8*${code}`);
    expect(elsewhere.text).toContain(
      `END Ref ${code} is ours, sent to ${winner.slice(0, 4)}******${winner.slice(-2)} `,
    );
  });

  it('asks again for a Ref we never sent or one mistyped, saying a fake SMS is not ours', async () => {
    const phone = aUniquePlayerNumber();
    const bad = await dialAs(phone, '8*123');
    expectFits('8*123', bad);
    expect(bad.text).toBe(`CON ${ussdMessages.smsCodeBad}\n${ussdMessages.enterSmsCode}\n0. Back`);
    const never = await dialAs(phone, '8*123*00000001');
    expectFits('8*123*00000001', never);
    expect(never.text).toBe(`CON ${ussdMessages.smsNotOurs('00000001')}\n${ussdMessages.enterSmsCode}\n0. Back`);
  });
});
