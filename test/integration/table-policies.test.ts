import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerTokens } from '../../functions/integrations/tokens/store/provider-tokens';
import { asLambda, enforceTablePolicies, stopEnforcingTablePolicies } from '../../infra/local/table-access';

/**
 * The local stack's stand-in for IAM (infra/local/table-access.ts), against
 * DynamoDB Local with the functions' own client: a Lambda's request outside
 * its policy is refused as AWS refuses it, inside it goes through. (The stack
 * checks every Lambda it runs this way; this worker checks its own calls.)
 */
beforeAll(() => enforceTablePolicies());
afterAll(() => stopEnforcingTablePolicies());

const now = () => Date.now();
const lease = (name: string) => providerTokens.takeLease(name, 'holder', now() + 1_000, now(), now() / 1000);

describe('table policies on the local stack', () => {
  it('refuses a write outside the Lambda’s partitions with AccessDeniedException, and changes nothing', async () => {
    const name = `policy-test-${now()}`;
    await expect(asLambda('public', () => lease(name))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    // the item was never written: a Lambda that may write it takes the lease as the first holder
    expect(await asLambda('prompts', () => lease(name))).toBe(true);
  });

  it('refuses a provider token to a function that calls no provider, and reads it for one that does', async () => {
    const name = `policy-test-read-${now()}`;
    await asLambda('prompts', () => lease(name));
    await expect(asLambda('ws', () => providerTokens.read(name))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(await asLambda('webhooks', () => providerTokens.read(name))).toMatchObject({
      leaseUntil: expect.any(Number),
    });
  });

  it('leaves code outside any Lambda (seeding, fixtures) to its own credentials', async () => {
    expect(await lease(`policy-test-outside-${now()}`)).toBe(true);
  });
});
