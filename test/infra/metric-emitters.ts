import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../../infra/lambda-bundling';
import { METRICS, type MetricKey } from '@shared/metrics';

/** The module that writes EMF lines: a call inside it emits nothing by itself. */
const METRICS_MODULE = 'functions/platform/metrics.ts';

/**
 * Which catalogue metrics (shared/metrics.ts) the functions' source emits,
 * and where: every `recordMetric('key', …)` and every key of the object
 * literal passed to `recordMetrics({ key: … }, …)` under functions/, read
 * with the TypeScript parser (so comments and strings do not count).
 */
export function emittedMetrics(): Map<MetricKey, string[]> {
  const emitted = new Map<MetricKey, string[]>();
  const note = (key: string, file: string) => {
    if (!(key in METRICS)) throw new Error(`${file} emits ${key}, which is not in the catalogue`);
    emitted.set(key as MetricKey, [...(emitted.get(key as MetricKey) ?? []), file]);
  };
  for (const file of sourceFiles(join(projectRoot, 'functions'))) {
    const path = relative(projectRoot, file);
    if (path === METRICS_MODULE) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [first] = node.arguments;
        if (node.expression.text === 'recordMetric' && first && ts.isStringLiteral(first)) note(first.text, path);
        if (node.expression.text === 'recordMetrics' && first && ts.isObjectLiteralExpression(first)) {
          for (const property of first.properties) {
            if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
              note(property.name.text, path);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return emitted;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The catalogue key of a metric name, if it is one of ours. */
export const catalogueKeyOf = (metricName: string): MetricKey | undefined =>
  (Object.keys(METRICS) as MetricKey[]).find((key) => METRICS[key].name === metricName);
