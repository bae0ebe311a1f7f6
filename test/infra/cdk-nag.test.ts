// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthApp, type SynthesizedApp } from './synth-app';

/**
 * cdk-nag 3 runs as a CDK policy-validation plugin (registered by
 * infra/bin/app.ts with Validations.of(app).addPlugins): findings are no longer
 * annotations but violations in the synthesis report, and acknowledgements
 * are `Validations.of(construct).acknowledge(...)`. The site is given a
 * stand-in web/dist here so the BucketDeployment and its handler are checked too.
 */

interface Finding {
  readonly rule: string;
  readonly severity: string;
  readonly path: string;
}

let synth: SynthesizedApp;

beforeAll(() => {
  // the checks read the construct tree and templates, not the bundles (test/infra/stacks.test.ts holds those to CDK's build)
  synth = synthApp({ withWebDist: true, skipBundling: true });
}, 300_000);
afterAll(() => synth?.dispose());

const findingsOf = (pack: AwsSolutionsChecks): Finding[] =>
  pack.validateScope(synth.app).violations.flatMap((v) =>
    v.violatingResources.map((r) => ({
      rule: v.ruleName,
      severity: v.severity ?? 'error',
      path: r.constructPath ?? '?',
    })),
  );

const inStack = (stack: Stack) => (f: Finding) =>
  f.path === stack.node.path || f.path.startsWith(`${stack.node.path}/`);

/** Every acknowledgement recorded in the construct tree, with the path it was made on. */
function acknowledgements(): Array<{ path: string; id: string; reason: string }> {
  const found: Array<{ path: string; id: string; reason: string }> = [];
  const walk = (construct: IConstruct) => {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push({ path: construct.node.path, id: id.replace(/^annotation::/i, ''), reason });
      }
    }
    construct.node.children.forEach(walk);
  };
  walk(synth.app);
  return found.filter((a) => a.id.startsWith('AwsSolutions-'));
}

describe('cdk-nag AwsSolutions', () => {
  it.each([
    'data',
    'network',
    'api',
    'realtime',
    'web',
    'observability',
  ] as const)('finds no unacknowledged error or warning in the %s stack', (name) => {
    const findings = findingsOf(synth.nag).filter(inStack(synth[name]));
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'warning')).toEqual([]);
  });

  it('leaves nothing in the synthesis validation report', () => {
    const report = JSON.parse(readFileSync(join(synth.assembly.directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: Array<{ pluginName: string; violations?: Array<{ ruleName: string; severity: string }> }>;
    };
    const violations = report.pluginReports.flatMap((p) =>
      (p.pluginName === 'Construct Annotations' ? [] : (p.violations ?? []))
        .filter((v) => v.severity === 'error' || v.severity === 'warning')
        .map((v) => `${p.pluginName}: ${v.ruleName}`),
    );
    expect(violations).toEqual([]);
  });

  it('acknowledges only findings that exist, each with a reason', () => {
    // A second pack that ignores acknowledgements shows what each one is hiding.
    const raw = new AwsSolutionsChecks(undefined, { verbose: false });
    Object.assign(raw, { isAcknowledged: () => false });
    const all = findingsOf(raw);
    const acks = acknowledgements();
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      const hides = all.filter((f) => f.rule === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`)));
      expect(hides.length, `${ack.id} on ${ack.path} acknowledges nothing`).toBeGreaterThan(0);
      expect(ack.reason.length, `${ack.id} on ${ack.path} needs a reason`).toBeGreaterThan(40);
    }
  });

  it('deploys the built site when web/dist exists', () => {
    synth.template(synth.web).resourceCountIs('Custom::CDKBucketDeployment', 1);
  });
});
