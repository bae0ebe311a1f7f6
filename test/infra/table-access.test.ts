// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { LAMBDA_WRITES, LAMBDAS, type LambdaName } from '../../functions/lambdas/manifest';
import { keys } from '../../functions/platform/store/keys';
import { WRITE_SETS } from '../../functions/platform/store/partitions';
import { stringLike } from '../../infra/local/table-access';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth-app';

/**
 * Least privilege in the table (issue 33 item 2, DESIGN section 7): each
 * function's role may write only the partitions its manifest entry names
 * (`ForAllValues:StringLike` on `dynamodb:LeadingKeys`), and only the
 * functions that call providers may read the providers' tokens. Read from the
 * synthesized templates (without bundling; cdk-nag runs in the synthesis).
 */
let synth: SynthesizedApp;

beforeAll(() => {
  synth = synthApp({ withWebDist: false, skipBundling: true });
}, 300_000);
afterAll(() => synth?.dispose());

type Statement = Record<string, any>;
const actionsOf = (s: Statement): string[] => [s.Action].flat();
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const READS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];

function statementsByFunction(): Map<string, Statement[]> {
  const found = new Map<string, Statement[]>();
  for (const stack of [synth.api, synth.realtime]) {
    const template = synth.template(stack);
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
      const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
      found.set(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as string, statements);
    }
  }
  return found;
}

/** A statement granting updates of some attributes only (`dynamodb:Attributes`): not a write of whole items. */
const attributesOnly = (s: Statement): boolean =>
  s.Condition?.['ForAllValues:StringEquals']?.['dynamodb:Attributes'] !== undefined;

/** The partition patterns a function's role allows it to write (its one write statement of whole items). */
function writablePatterns(name: LambdaName): string[] {
  const statements = statementsByFunction().get(name) ?? [];
  const allows = statements.filter(
    (s) => s.Effect === 'Allow' && actionsOf(s).some((a) => WRITES.includes(a)) && !attributesOnly(s),
  );
  expect(allows, name).toHaveLength(1);
  expect(actionsOf(allows[0]!).sort(), name).toEqual([...WRITES].sort());
  return allows[0]!.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'];
}

const mayWrite = (name: LambdaName, pk: string) => writablePatterns(name).some((p) => stringLike(p, pk));

describe('table writes per function', () => {
  it("gives each function one write statement, listing exactly its manifest's partitions", () => {
    expect([...statementsByFunction().keys()].sort()).toEqual([...LAMBDAS].sort());
    for (const name of LAMBDAS) {
      const expected = [...new Set(LAMBDA_WRITES[name].flatMap((set) => WRITE_SETS[set]))].sort();
      expect(writablePatterns(name), name).toEqual(expected);
    }
  });

  it('grants no write without the partition condition', () => {
    for (const [name, statements] of statementsByFunction()) {
      const unconditioned = statements.filter(
        (s) =>
          s.Effect === 'Allow' && actionsOf(s).some((a) => WRITES.includes(a) || a === 'dynamodb:*') && !s.Condition,
      );
      expect(unconditioned, name).toEqual([]);
    }
  });

  it('does not let the public function write a balance, a session, a staff user or a payout', () => {
    expect(mayWrite('public', keys.entry('e1').pk)).toBe(true);
    expect(mayWrite('public', keys.balance('u1', 'p1').pk)).toBe(false);
    expect(mayWrite('public', keys.session('s1').pk)).toBe(false);
    expect(mayWrite('public', keys.user('u1').pk)).toBe(false);
    expect(mayWrite('public', keys.payout('o1').pk)).toBe(false);
    expect(mayWrite('public', keys.ticket('T1').pk)).toBe(false);
  });

  it('does not let the USSD function write a balance, a session or a ticket', () => {
    for (const pk of [keys.balance('u1', 'p1').pk, keys.session('s1').pk, keys.ticket('T1').pk])
      expect(mayWrite('ussd', pk), pk).toBe(false);
  });

  it("does not let the webhooks write a session, a sign-in throttle, a staff member's e-mail claim or the roster", () => {
    expect(mayWrite('webhooks', keys.entry('e1').pk)).toBe(true);
    for (const pk of [
      keys.session('s1').pk,
      keys.throttle('account', 'a@example.com').pk,
      keys.unique('email', 'a@example.com').pk,
      keys.superAdminRoster.pk,
      keys.promotion('p1').pk,
    ])
      expect(mayWrite('webhooks', pk), pk).toBe(false);
  });

  it('lets only the account functions claim a staff e-mail, and only sign-in write its throttles', () => {
    const writers = (pk: string) => LAMBDAS.filter((name) => mayWrite(name, pk)).sort();
    expect(writers(keys.unique('email', 'a@example.com').pk)).toEqual(['accounts', 'admin']);
    expect(writers(keys.throttle('account', 'a@example.com').pk)).toEqual(['auth']);
  });
});

describe('updates of some attributes only', () => {
  it("lets the ws function update an entry's watchers and nothing else of it, and no other function use such a grant", () => {
    for (const [name, statements] of statementsByFunction()) {
      const grants = statements.filter((s) => s.Effect === 'Allow' && attributesOnly(s));
      if (name !== 'ws') {
        expect(grants, name).toEqual([]);
        continue;
      }
      expect(grants).toHaveLength(1);
      expect(actionsOf(grants[0]!)).toEqual(['dynamodb:UpdateItem']);
      expect(grants[0]!.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']).toEqual(['ENTRY#*']);
      expect(grants[0]!.Condition['ForAllValues:StringEquals']['dynamodb:Attributes']).toEqual([
        'pk',
        'sk',
        'watchers',
      ]);
      expect(grants[0]!.Condition.StringEqualsIfExists['dynamodb:ReturnValues']).not.toContain('ALL_NEW');
    }
    expect(mayWrite('ws', keys.entry('e1').pk)).toBe(false);
  });
});

describe('provider tokens (a secret in the table)', () => {
  const token = keys.providerToken('momo-collection-0123').pk;

  it('denies reading them to every function that calls no provider, and only those', () => {
    for (const [name, statements] of statementsByFunction()) {
      const denies = statements.filter(
        (s) =>
          s.Effect === 'Deny' &&
          (s.Condition?.['ForAnyValue:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined)?.some((p) =>
            stringLike(p, token),
          ),
      );
      const callsProviders = TIME_BUDGETS[name as LambdaName].callsProviders;
      if (callsProviders) expect(denies, name).toEqual([]);
      else expect(denies.flatMap(actionsOf).sort(), name).toEqual([...READS].sort());
    }
  });

  it('lets every provider-calling function share them, and no other write them', () => {
    const writers = LAMBDAS.filter((name) => mayWrite(name, token)).sort();
    expect(writers).toEqual(LAMBDAS.filter((name) => TIME_BUDGETS[name].callsProviders).sort());
  });
});
