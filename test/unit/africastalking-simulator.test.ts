import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfricasTalkingSimulator } from '../../infra/local/africastalking-simulator';
import { localSecrets } from '../../infra/local/local-secrets';

/**
 * The simulator driven the way Africa's Talking's own docs and Node SDK
 * (lib/sms.js) drive the real API: a plain form POST with the `apiKey`
 * header — not through our adapter, so the simulator is held to the
 * provider's published API rather than to what our code happens to send.
 */
let simulator: AfricasTalkingSimulator;

beforeAll(async () => {
  simulator = new AfricasTalkingSimulator();
  await simulator.start();
});

afterAll(() => simulator.stop());

const { username, apiKey, senderId } = localSecrets.sms;

interface Sent {
  status: number;
  type: string;
  text: string;
  json?: { SMSMessageData: { Message: string; Recipients: Array<Record<string, unknown>> } };
  headers: Headers;
}

async function post(
  form: Record<string, string>,
  headers: Record<string, string> = {
    apiKey,
    Accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  url = `${simulator.url}/version1/messaging`,
): Promise<Sent> {
  const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    type,
    text,
    json: type.startsWith('application/json') ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

const sms = (to: string, message = 'Your ticket: 7KQ2-M9XD-4', extra: Record<string, string> = {}) =>
  post({ username, to, message, ...extra });
const recipient = (sent: Sent) => sent.json!.SMSMessageData.Recipients[0]!;

describe("Africa's Talking SMS simulator: what it accepts", () => {
  it('answers 201 with SMSMessageData and one recipient line: statusCode 101, Success, cost and messageId', async () => {
    const sent = await sms('+231880000100', 'Hello', { from: senderId });
    expect(sent.status).toBe(201);
    expect(sent.type).toContain('application/json');
    expect(sent.json!.SMSMessageData.Message).toBe('Sent to 1/1 Total Cost: USD 0.0200');
    expect(sent.json!.SMSMessageData.Recipients).toEqual([
      {
        statusCode: 101,
        number: '+231880000100',
        status: 'Success',
        cost: 'USD 0.0200',
        messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
      },
    ]);
    expect(simulator.messages('231880000100')[0]).toMatchObject({
      text: 'Hello',
      from: senderId,
      parts: 1,
      encoding: 'GSM-7',
      statusCode: 101,
    });
  });

  it('gives each test number its outcome by its last six digits', async () => {
    expect(recipient(await sms('+231880000204'))).toMatchObject({ statusCode: 102, status: 'Success' });
    expect(recipient(await sms('+231880000201'))).toEqual({
      statusCode: 403,
      number: '+231880000201',
      status: 'InvalidPhoneNumber',
      cost: '0',
      messageId: 'None',
    });
    expect(recipient(await sms('+231770000202'))).toMatchObject({
      statusCode: 406,
      status: 'UserInBlacklist',
      cost: '0',
    });
    expect(recipient(await sms('+231880000205'))).toMatchObject({ statusCode: 501, status: 'GatewayError' });
    expect(recipient(await sms('+231880000205'))).toMatchObject({ statusCode: 501, status: 'GatewayError' });
  });

  it('holds the account for 000206 and 000207 (401 RiskHold, 405 InsufficientBalance) until it is cleared', async () => {
    expect(recipient(await sms('+231880000206'))).toMatchObject({ statusCode: 401, status: 'RiskHold' });
    expect(recipient(await sms('+231770000207'))).toMatchObject({ statusCode: 405, status: 'InsufficientBalance' });
    const cleared = await fetch(`${simulator.url}/__sim/account?held=false`, { method: 'POST' });
    expect(await cleared.json()).toEqual({ held: false });
    expect(recipient(await sms('+231880000206'))).toMatchObject({ statusCode: 101, status: 'Success' });
    expect(recipient(await sms('+231770000207'))).toMatchObject({ statusCode: 101, status: 'Success' });
    await fetch(`${simulator.url}/__sim/account?held=true`, { method: 'POST' });
    expect(recipient(await sms('+231880000206'))).toMatchObject({ statusCode: 401 });
  });

  it('fails a message to a 000203 number once with 500 InternalServerError, then takes it', async () => {
    const first = await sms('+231550000203', 'once A');
    expect(first.status).toBe(201);
    expect(first.json!.SMSMessageData.Message).toBe('Sent to 0/1 Total Cost: USD 0.0000');
    expect(recipient(first)).toMatchObject({ statusCode: 500, status: 'InternalServerError', messageId: 'None' });
    expect(recipient(await sms('+231550000203', 'once A'))).toMatchObject({ statusCode: 101, status: 'Success' });
    expect(recipient(await sms('+231550000203', 'once A'))).toMatchObject({ statusCode: 101 });
    // another message has its own first failure
    expect(recipient(await sms('+231550000203', 'once B'))).toMatchObject({ statusCode: 500 });
  });

  it('answers one line per comma-separated number, a malformed number refused as InvalidPhoneNumber', async () => {
    const sent = await sms('+231880000100,0880000100, +231770000201');
    expect(sent.json!.SMSMessageData.Message).toBe('Sent to 1/3 Total Cost: USD 0.0200');
    expect(sent.json!.SMSMessageData.Recipients.map((r) => [r.number, r.statusCode])).toEqual([
      ['+231880000100', 101],
      ['0880000100', 403],
      ['+231770000201', 403],
    ]);
  });

  it("takes a long or non-GSM-7 message as Africa's Talking does, split into charged parts", async () => {
    const long = await sms('+231880001161', 'x'.repeat(161));
    expect(recipient(long)).toMatchObject({ statusCode: 101, cost: 'USD 0.0400' });
    expect(simulator.messages('+231880001161')[0]).toMatchObject({ parts: 2, encoding: 'GSM-7' });
    await sms('+231880001162', 'Café “quoted”');
    expect(simulator.messages('231880001162')[0]).toMatchObject({ parts: 1, encoding: 'UCS-2', text: 'Café “quoted”' });
  });

  it('answers XML when the client does not ask for JSON', async () => {
    const sent = await post(
      { username, to: '+231880000100', message: 'hi' },
      { apiKey, 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(sent.status).toBe(201);
    expect(sent.type).toContain('xml');
    expect(sent.text).toContain('<statusCode>101</statusCode>');
  });
});

describe("Africa's Talking SMS simulator: what it refuses, as Africa's Talking does", () => {
  it('refuses a request without the apiKey header, or with a wrong key, 401 in plain text', async () => {
    const missing = await post(
      { username, to: '+231880000100', message: 'hi' },
      { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect([missing.status, missing.text]).toEqual([
      401,
      'The resource requires authentication, which was not supplied with the request',
    ]);
    const wrong = await post(
      { username, to: '+231880000100', message: 'hi' },
      { apiKey: 'not-the-key', Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect([wrong.status, wrong.text, wrong.type]).toEqual([
      401,
      'The supplied authentication is invalid',
      'text/plain; charset=UTF-8',
    ]);
    expect(wrong.headers.get('www-authenticate')).toContain('Basic realm="api"');
  });

  it('refuses a username the key is not for', async () => {
    const sent = await post({ username: 'sandbox', to: '+231880000100', message: 'hi' });
    expect([sent.status, sent.text]).toEqual([401, 'The supplied authentication is invalid']);
  });

  it.each(['username', 'to', 'message'])('refuses a request without %s, 400 naming the field', async (field) => {
    const form: Record<string, string> = { username, to: '+231880000100', message: 'hi' };
    delete form[field];
    const sent = await post(form);
    expect([sent.status, sent.text]).toEqual([400, `Request is missing required form field '${field}'`]);
  });

  it('refuses a JSON body: the messaging endpoint takes a form', async () => {
    const response = await fetch(`${simulator.url}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, to: '+231880000100', message: 'hi' }),
    });
    expect(response.status).toBe(415);
  });

  it('sends nothing from a sender id the app has not registered: InvalidSenderId, no recipients', async () => {
    const sent = await sms('+231880000100', 'hi', { from: 'NOPE' });
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } });
  });

  it('knows only POST /version1/messaging', async () => {
    expect((await fetch(`${simulator.url}/version1/messaging`, { headers: { apiKey } })).status).toBe(405);
    expect(
      (
        await post(
          { username, to: '+231880000100', message: 'hi' },
          undefined,
          `${simulator.url}/version1/airtime/send`,
        )
      ).status,
    ).toBe(404);
  });
});

describe("Africa's Talking SMS simulator: its state", () => {
  it('keeps its messages and its one-time failures in its data file across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'at-sim-'));
    try {
      const file = join(dir, 'africastalking-sms.json');
      const first = new AfricasTalkingSimulator({ dataFile: file });
      await first.start();
      const send = (sim: AfricasTalkingSimulator, message: string) =>
        fetch(`${sim.url}/version1/messaging`, {
          method: 'POST',
          headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username, to: '+231880000203', message }).toString(),
        }).then((r) => r.json() as Promise<{ SMSMessageData: { Recipients: Array<{ statusCode: number }> } }>);
      expect((await send(first, 'kept')).SMSMessageData.Recipients[0]!.statusCode).toBe(500);
      await first.stop();

      const second = new AfricasTalkingSimulator({ dataFile: file });
      await second.start();
      try {
        expect(second.messages('231880000203').map((m) => [m.text, m.statusCode])).toEqual([['kept', 500]]);
        // its one failure was spent before the restart
        expect((await send(second, 'kept')).SMSMessageData.Recipients[0]!.statusCode).toBe(101);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
