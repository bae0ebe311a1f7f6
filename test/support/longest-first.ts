import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './file-durations.json' with { type: 'json' };

/**
 * The test files of a project in order of their last measured duration,
 * longest first (test/support/file-durations.json, written by `npm run
 * test:durations` after a full run), so that no worker starts a minute-long
 * file while the others are finishing: vitest does the same from its own
 * cache, which a fresh clone (CI) does not have, and without it runs the
 * largest files first, whatever their time. A file not measured yet goes
 * first, as vitest's own order has it.
 */
const measured: Readonly<Record<string, number>> = durations;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification) =>
      measured[`${spec.project.name}:${relative(root, spec.moduleId)}`] ?? Number.POSITIVE_INFINITY;
    const rank = new Map(ordered.map((spec, i) => [spec, i]));
    return ordered.toSorted(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        durationOf(b) - durationOf(a) ||
        rank.get(a)! - rank.get(b)!,
    );
  }
}
