import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildApp, type RaffleApp } from '../../infra/bin/app';
import { projectRoot } from '../../infra/lambda-bundling';

export interface SynthesizedApp extends RaffleApp {
  readonly assembly: CloudAssembly;
  readonly outdir: string;
  /** The template of one of the app's stacks, from the one synthesis. */
  template(stack: Stack): Template;
  dispose(): void;
}

export interface SynthOptions {
  /** Give the web stack a built site (a stand-in web/dist) so BucketDeployment is synthesized. */
  readonly withWebDist: boolean;
  /** Extra cdk context (`-c key=value`), e.g. another stage or a custom domain. */
  readonly context?: Record<string, string>;
  /**
   * Skip esbuild (CDK's `aws:cdk:bundling-stacks` set to none, as `cdk deploy <one stack>`
   * does for the others): the construct tree and templates are the same, the
   * assets are placeholders. For tests about names and wiring, not bundles.
   */
  readonly skipBundling?: boolean;
}

/**
 * Synthesizes the real app (infra/bin/app.ts, with cdk.json's context and
 * feature flags, cdk-nag registered) ONCE into a temporary directory. Bundling
 * ten functions is the slow part, so each test file calls this once in beforeAll.
 * web/dist is replaced by a temporary folder (or a missing one) so the result
 * does not depend on whether someone has built the site.
 */
export function synthApp(options: SynthOptions): SynthesizedApp {
  const outdir = mkdtempSync(join(tmpdir(), 'raffle-cdk-'));
  const webDistDir = join(outdir, 'web-dist');
  if (options.withWebDist) {
    mkdirSync(webDistDir);
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>raffle</title>');
  }
  const cdkJson = JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      webDistDir,
      ...options.context,
      ...(options.skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}),
    },
  });
  const raffle = buildApp(app);
  const assembly = app.synth();
  const templates = new Map<string, Template>();
  return {
    ...raffle,
    assembly,
    outdir,
    template(stack: Stack): Template {
      let template = templates.get(stack.artifactId);
      if (!template) {
        template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Record<string, unknown>);
        templates.set(stack.artifactId, template);
      }
      return template;
    },
    dispose: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** Logical id → resource of one type. */
export function resourcesOf(template: Template, type: string): Record<string, { Properties: Record<string, any> }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, any> }>;
}
