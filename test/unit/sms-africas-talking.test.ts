import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AfricasTalkingSender } from '../../functions/integrations/sms/africas-talking-sender';
import { SmsSendError } from '../../functions/integrations/sms/sms-send-error';

/**
 * A local HTTP server stands in for Africa's Talking's messaging endpoint, to
 * see the request we build and to produce its failure modes (a third party's
 * failures the local stack cannot otherwise produce).
 */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

type Answer = { status: number; body?: unknown } | 'hang';

let server: Server;
let endpoint = '';
let received: Received[] = [];
let answer: Answer;

const success = {
  status: 201,
  body: {
    SMSMessageData: {
      Message: 'Sent to 1/1 Total Cost: USD 0.0200',
      Recipients: [
        { statusCode: 101, number: '+231880000100', status: 'Success', cost: 'USD 0.0200', messageId: 'ATXid_1' },
      ],
    },
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString()),
      });
      if (answer === 'hang') return;
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/version1/messaging`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

beforeEach(() => {
  received = [];
  answer = success;
});

const sender = (options: { senderId?: string; timeoutMs?: number } = {}) =>
  new AfricasTalkingSender({ username: 'raffle', apiKey: 'at-secret-key', endpoint, ...options });

async function failureOf(promise: Promise<unknown>): Promise<SmsSendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).not.toContain('at-secret-key');
    expect((error as Error).message).not.toContain('880000100'); // numbers are masked
    return error as SmsSendError;
  }
  throw new Error('expected the send to fail');
}

describe("Africa's Talking SMS sender", () => {
  it('posts a form with the username, the number in +231 format, the message and the sender id', async () => {
    await sender({ senderId: 'RAFFLE' }).send('231880000100', 'Your ticket: 7KQ2-M9XD-4', new Date());
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/version1/messaging');
    expect(request!.headers).toMatchObject({
      apikey: 'at-secret-key',
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(request!.form)).toEqual({
      username: 'raffle',
      to: '+231880000100',
      message: 'Your ticket: 7KQ2-M9XD-4',
      from: 'RAFFLE',
    });
  });

  it('leaves out `from` when no sender id is configured', async () => {
    await sender().send('231770000100', 'hello', new Date());
    expect(received[0]!.form.has('from')).toBe(false);
  });

  it("fails, not retryably, when Africa's Talking refuses our credentials", async () => {
    answer = { status: 401, body: 'The supplied authentication is invalid' };
    expect((await failureOf(sender().send('231880000100', 'hi', new Date()))).retryable).toBe(false);
  });

  it('fails retryably on a server error', async () => {
    answer = { status: 503 };
    expect((await failureOf(sender().send('231880000100', 'hi', new Date()))).retryable).toBe(true);
  });

  it('fails when the recipient status is not Success; retryably only for their side', async () => {
    answer = {
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1',
          Recipients: [{ statusCode: 403, number: '+231880000100', status: 'InvalidPhoneNumber' }],
        },
      },
    };
    const invalid = await failureOf(sender().send('231880000100', 'hi', new Date()));
    expect(invalid.message).toContain('InvalidPhoneNumber');
    expect(invalid.retryable).toBe(false);

    answer = {
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1',
          Recipients: [{ statusCode: 501, number: '+231880000100', status: 'GatewayError' }],
        },
      },
    };
    expect((await failureOf(sender().send('231880000100', 'hi', new Date()))).retryable).toBe(true);
  });

  it('judges a recipient by its statusCode, not its status text: 100, 101 and 102 are sent', async () => {
    for (const [statusCode, status] of [
      [100, 'Processed'],
      [101, 'Sent'],
      [102, 'Queued'],
    ] as const) {
      answer = {
        status: 201,
        body: {
          SMSMessageData: {
            Message: 'Sent to 1/1',
            Recipients: [{ statusCode, number: '+231880000100', status, cost: 'USD 0.0200', messageId: 'ATXid_2' }],
          },
        },
      };
      expect(await sender().send('231880000100', 'hi', new Date())).toEqual({
        statusCode,
        status,
        cost: 'USD 0.0200',
        messageId: 'ATXid_2',
      });
    }
  });

  it('reads the recipient line of a refusal answered with a non-2xx status (409 DoNotDisturbRejection)', async () => {
    answer = {
      status: 409,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1 Total Cost: 0',
          Recipients: [
            { cost: '0', messageId: 'None', number: '+231880000100', status: 'DoNotDisturbRejection', statusCode: 409 },
          ],
        },
      },
    };
    expect(await failureOf(sender().send('231880000100', 'hi', new Date()))).toMatchObject({
      retryable: false,
      statusCode: 409,
      providerStatus: 'DoNotDisturbRejection',
    });
  });

  it('fails when the answer lists no recipient (the whole request was refused)', async () => {
    answer = { status: 201, body: { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } } };
    expect((await failureOf(sender({ senderId: 'NOPE' }).send('231880000100', 'hi', new Date()))).message).toContain(
      'InvalidSenderId',
    );
  });

  it("fails retryably when Africa's Talking does not answer in time", async () => {
    answer = 'hang';
    expect((await failureOf(sender({ timeoutMs: 200 }).send('231880000100', 'hi', new Date()))).retryable).toBe(true);
  });
});
