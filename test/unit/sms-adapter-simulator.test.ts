import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfricasTalkingSender } from '../../functions/integrations/sms/africas-talking-sender';
import { SmsSendError } from '../../functions/integrations/sms/sms-send-error';
import { AfricasTalkingSimulator } from '../../infra/local/africastalking-simulator';
import { localSecrets } from '../../infra/local/local-secrets';

/** The production adapter against the Africa's Talking simulator: each outcome a test number produces. */
let simulator: AfricasTalkingSimulator;

beforeAll(async () => {
  simulator = new AfricasTalkingSimulator();
  await simulator.start();
});

afterAll(() => simulator.stop());

const sender = (overrides: Partial<ConstructorParameters<typeof AfricasTalkingSender>[0]> = {}) =>
  new AfricasTalkingSender({ ...localSecrets.sms, endpoint: `${simulator.url}/version1/messaging`, ...overrides });

async function refusal(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe("the Africa's Talking adapter against the simulator", () => {
  it('sends, and hands back the message id, status, status code and cost', async () => {
    const receipt = await sender().send('231880000100', 'Your ticket: 7KQ2-M9XD-4', new Date());
    expect(receipt).toEqual({
      status: 'Success',
      statusCode: 101,
      cost: 'USD 0.0200',
      messageId: expect.stringMatching(/^ATXid_/),
    });
    expect(simulator.messages('231880000100')[0]).toMatchObject({
      number: '+231880000100',
      from: 'RAFFLE',
      text: 'Your ticket: 7KQ2-M9XD-4',
    });
  });

  it('counts 102 Queued as sent', async () => {
    expect(await sender().send('231880000204', 'queued', new Date())).toMatchObject({ statusCode: 102 });
  });

  it.each([
    ['231880000201', 403, 'InvalidPhoneNumber'],
    ['231770000202', 406, 'UserInBlacklist'],
  ])('refuses %s for good: %i %s, not retryable', async (number, code, status) => {
    const error = await refusal(sender().send(number, 'hi', new Date()));
    expect(error).toMatchObject({ retryable: false, statusCode: code, providerStatus: status });
    expect(error.message).not.toContain(number.slice(3)); // numbers are masked
  });

  it('fails retryably on 500 InternalServerError, and the next try goes through', async () => {
    const error = await refusal(sender().send('231880000203', 'try again', new Date()));
    expect(error).toMatchObject({ retryable: true, statusCode: 500, providerStatus: 'InternalServerError' });
    expect(await sender().send('231880000203', 'try again', new Date())).toMatchObject({ statusCode: 101 });
  });

  it('fails retryably on 501 GatewayError', async () => {
    expect(await refusal(sender().send('231880000205', 'hi', new Date()))).toMatchObject({
      retryable: true,
      statusCode: 501,
      providerStatus: 'GatewayError',
    });
  });

  it('fails for good on a wrong key (401) or an unregistered sender id', async () => {
    const badKey = await refusal(sender({ apiKey: 'rotated-away' }).send('231880000100', 'hi', new Date()));
    expect(badKey).toMatchObject({ retryable: false, providerStatus: 'HTTP 401' });
    expect(badKey.message).not.toContain('rotated-away');
    expect(await refusal(sender({ senderId: 'NOPE' }).send('231880000100', 'hi', new Date()))).toMatchObject({
      retryable: false,
      providerStatus: 'InvalidSenderId',
    });
  });

  it('fails retryably when the gateway cannot be reached', async () => {
    expect(
      await refusal(
        sender({ endpoint: 'http://127.0.0.1:9/version1/messaging' }).send('231880000100', 'hi', new Date()),
      ),
    ).toMatchObject({
      retryable: true,
      providerStatus: 'Unreachable',
    });
  });
});
