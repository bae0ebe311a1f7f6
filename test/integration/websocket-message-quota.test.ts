import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, MessageAssembler, type PartialServerMessage } from '@shared/message-parts';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { topicNames, type ServerMessage } from '@shared/topics';
import { newStaffUser } from '../../functions/modules/staff';
import { routes } from '@shared/api/routes';
import type { LocalStack } from '../../infra/local/stack';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { ApiClient } from '../support/api';
import { FIXTURE_PASSWORD, aSuperAdmin, uniqueCode } from '../support/fixtures';
import { TopicClient } from '../support/ws';
import { storeStaffUsersInBatches } from '../support/stored-state';

/**
 * API Gateway refuses a WebSocket message over 128 KB (API Gateway quotas).
 * With 2,000 partners the admin partner list (about 4 times the limit) and the
 * partner options (over it) are too large for one message; every message
 * the gateway carries must still be within the limit and the client must get
 * both whole (shared/message-parts.ts). 2,000, not more: on the test run's
 * loaded DynamoDB Local every thousand partners cost this file some 13 s. The partners are written as the
 * store writes them (its own item builder), 25 to a batch, into a private
 * in-memory stack: on the test run's shared stack, 5,000 partners (and their
 * removal) would make every other file's partner list and fan-out that large.
 */
const PARTNERS = 2000;
const QUOTA_BYTES = 128 * 1024;
const run = uniqueCode('QUOTA');
let running: PrivateStack | undefined;
let stack: LocalStack | undefined;

beforeAll(async () => {
  // this worker's store modules follow the private stack's environment until afterAll
  running = await startPrivateStack({ webDist: false });
  stack = running.stack;
  const now = new Date();
  const partners = Array.from({ length: PARTNERS }, (_, i) =>
    newStaffUser(
      'partner',
      {
        username: `${run} Radio ${i} FM`,
        email: `${run.toLowerCase()}-${i}@test.example`,
        searchString: `${run}-${i}`,
        mobileMoneyNumber: '231770000000',
      },
      'not-a-real-hash',
      now,
    ),
  );
  await storeStaffUsersInBatches(partners);
}, 300_000);

afterAll(async () => {
  // this worker's store modules, helpers and pages go back to the test run's own stack
  await running?.stop();
}, 60_000);

/** A super admin of the private stack, signed in through its real login route. */
async function privateSuperAdmin(): Promise<ApiClient> {
  const user = await aSuperAdmin();
  const client = new ApiClient(stack!.url);
  const response = await client.call(routes.adminLogin, {}, { email: user.email, password: FIXTURE_PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return client;
}

describe('WebSocket messages stay within the API Gateway quota (128 KB)', () => {
  it(`sends a super admin the ${PARTNERS}-partner list in messages of at most 128 KB, and the client gets all of it`, async () => {
    const client = await privateSuperAdmin();
    const socket = await TopicClient.connect(client.sessionCookie, { baseUrl: stack!.url });
    try {
      socket.subscribe(topicNames.adminPartners);
      socket.subscribe(topicNames.adminPartnerOptions);
      const assembler = new MessageAssembler();
      const whole: ServerMessage[] = [];
      let read = 0;
      const assembled = (topic: string) => whole.find((m) => m.topic === topic);
      await socket.waitFor(() => {
        for (; read < socket.messages.length; read += 1) {
          const message = assembler.accept(socket.messages[read] as PartialServerMessage);
          if (message) whole.push(message);
        }
        return Boolean(assembled(topicNames.adminPartners) && assembled(topicNames.adminPartnerOptions));
      }, 240_000);

      const sizes = socket.frames.map((frame) => Buffer.byteLength(JSON.stringify(frame)));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(QUOTA_BYTES);
      for (const topic of [topicNames.adminPartners, topicNames.adminPartnerOptions])
        expect(socket.messages.filter((m) => m.topic === topic).length).toBeGreaterThan(1);

      const listed = (assembled(topicNames.adminPartners)!.data as { Partners: PartnerRecord[] }).Partners.filter((p) =>
        p.SearchString.startsWith(`${run}-`),
      );
      expect(new Set(listed.map((p) => p.SearchString)).size).toBe(PARTNERS);
      const options = (assembled(topicNames.adminPartnerOptions)!.data as Array<{ label: string }>).filter((o) =>
        o.label.startsWith(`${run} `),
      );
      expect(options).toHaveLength(PARTNERS);
    } finally {
      socket.close();
    }
  }, 300_000);
});
