import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/api/routes';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { USSD_MAX } from '../../functions/ussd/menu';
import { getEntry } from '../../functions/store/entries';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, aUniquePlayerNumber, settledState } from '../support/play';

/** One keypress of a USSD session, as Africa's Talking posts it. */
async function dial(
  server: 'lonestar' | 'orange',
  phone: string,
  text: string,
  options: { key?: string; serviceCode?: string } = {},
) {
  const key = options.key ?? localDefaults.ussd[server];
  const form = new URLSearchParams({
    sessionId: 'ATUid_test',
    serviceCode: options.serviceCode ?? '*384#',
    phoneNumber: `+${phone}`,
    networkCode: server === 'lonestar' ? '63901' : '63907',
    text,
  });
  const response = await new ApiClient().request('POST', `${routes.ussd.path.replace(':server', server)}?key=${encodeURIComponent(key)}`, undefined, {
    rawBody: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  return { status: response.status, text: response.text };
}

/** Every screen: plain text, CON or END, at most 182 characters. */
function expectScreen(reply: { status: number; text: string }, kind: 'CON' | 'END') {
  expect(reply.status).toBe(200);
  expect(reply.text.startsWith(`${kind} `), reply.text).toBe(true);
  expect(reply.text.length).toBeLessThanOrEqual(USSD_MAX);
  return reply.text;
}

let sharedCode: string;
let promotionTitle: string;

beforeAll(async () => {
  const { user, client } = await fixtureSuperAdmin();
  const partner = await aPartner();
  const assigned = await aPromotionToDraw(
    client,
    user.id,
    partner,
    { threshold: 10, starting_threshold: 5, winner_amount: '1000.00' },
    { promotion_prize_lrd: '50.00', promotion_prize_usd: '0.25' },
  );
  promotionTitle = assigned.promotion.promotion_title;
  sharedCode = assigned.sharedCode;
});

describe('USSD (issue 5 item 3; DESIGN section 8)', () => {
  it('shows the main menu', async () => {
    const text = expectScreen(await dial('lonestar', aUniquePlayerNumber(), ''), 'CON');
    for (const item of ['1. Daily Cash Giveaway', '2. Jackpot', '3. Enter a promo code', '4. Check a ticket']) expect(text).toContain(item);
  });

  it('enters the daily draw from the menu and pays through the simulator', async () => {
    const phone = aUniquePlayerNumber();
    const menu = expectScreen(await dial('lonestar', phone, '1'), 'CON');
    expect(menu).toContain('1. Pay 100.00 LRD');
    expect(menu).toContain('0. Back');
    const done = expectScreen(await dial('lonestar', phone, '1*1'), 'END');
    expect(done).toMatch(/Approve the 100\.00 LRD prompt on your phone/);
    const entryId = await latestEntryOf(phone);
    expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
    expect((await getEntry(entryId))!.channel).toBe('ussd');
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
    expect(screen).toContain('1. Pay 50.00 LRD');
    expect(expectScreen(await dial('lonestar', phone, `3*${sharedCode}*2`), 'END')).toMatch(/Approve the 0\.25 USD prompt/);
  });

  it('jumps straight to a promotion whose code was dialled (*384*CODE#) or typed first', async () => {
    const dialled = expectScreen(await dial('lonestar', aUniquePlayerNumber(), '', { serviceCode: `*384*${sharedCode}#` }), 'CON');
    expect(dialled).toContain(promotionTitle);
    const typed = expectScreen(await dial('lonestar', aUniquePlayerNumber(), sharedCode), 'CON');
    expect(typed).toContain(promotionTitle);
    expect(expectScreen(await dial('lonestar', aUniquePlayerNumber(), `${sharedCode}*1`), 'END')).toMatch(/Approve the 50\.00 LRD prompt/);
  });

  it('answers an unknown code, a code on the other network and wrong choices with a helpful END', async () => {
    expect(expectScreen(await dial('lonestar', aUniquePlayerNumber(), '3*99999'), 'END')).toContain('We do not know that promo code');
    expect(expectScreen(await dial('orange', aUniquePlayerNumber('orange'), `3*${sharedCode}`), 'END')).toMatch(/Lonestar MTN numbers only/);
    expect(expectScreen(await dial('lonestar', aUniquePlayerNumber(), '9'), 'END')).toContain('not on the menu');
    expect(expectScreen(await dial('lonestar', aUniquePlayerNumber(), '1*7'), 'END')).toContain('not on the menu');
    expect(expectScreen(await dial('lonestar', '23166612345', '1*1'), 'END')).toContain('Liberian mobile number');
  });

  it('checks a ticket', async () => {
    const phone = aUniquePlayerNumber();
    await dial('lonestar', phone, '1*1');
    const state = await settledState(await latestEntryOf(phone));
    expect(expectScreen(await dial('lonestar', phone, '4'), 'CON')).toContain('ticket number');
    expect(expectScreen(await dial('lonestar', phone, `4*${state.ticket_number}`), 'END')).toContain("in today's draw");
    expect(expectScreen(await dial('lonestar', phone, '4*12345'), 'END')).toContain('not a valid ticket number');
  });

  it('refuses a gateway without its secret, and unknown gateways', async () => {
    expect((await dial('lonestar', aUniquePlayerNumber(), '', { key: 'wrong' })).status).toBe(403);
    expect((await dial('lonestar', aUniquePlayerNumber(), '', { key: localDefaults.ussd.orange })).status).toBe(403);
    const unknown = await new ApiClient().request('POST', '/api/v1/ussd/mtn?key=x', undefined, { rawBody: 'text=', csrf: false });
    expect(unknown.status).toBe(404);
  });
});

/** The newest entry id of a number, from the simulator's side: the payment it was asked to collect. */
async function latestEntryOf(phone: string): Promise<string> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/lib/dynamo');
  const deadline = Date.now() + 5000;
  for (;;) {
    const result = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'msisdn = :m',
        ExpressionAttributeValues: { ':pk': 'PENDINGPAY', ':m': phone },
        ScanIndexForward: false,
      }),
    );
    const id = result.Items?.[0]?.id as string | undefined;
    if (id) return id;
    if (Date.now() > deadline) throw new Error(`no pending entry for ${phone}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
