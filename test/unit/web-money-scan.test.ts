// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are source text for the scan, not templates
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * One money format (LRD and USD can never be confused on a staff screen): every amount on a screen is
 * written by the formatters (web/src/lib/staff-money.ts over shared/staff-money.ts for staff,
 * web/src/lib/money.ts over shared/money.ts for the public site). A module that formats an amount
 * by hand — toFixed, toLocaleString, Intl.NumberFormat, or a "$", "L$", "LD" or "LRD " written before
 * an amount — fails here, the same way test/web/staff-money-format.test.tsx scans for dates.
 * Percentages may use toFixed (a "%" follows it). Read as TypeScript syntax, so comments and a
 * template's own "${" never count.
 */

const WEB_SRC = join(import.meta.dirname, '../../web/src');
const MONEY_MODULES = ['lib/staff-money.ts', 'lib/money.ts'];

/** Text that ends right before an amount with a currency written by hand: "$", "L$ ", "US$", "LD ", "LRD ". */
const PREFIX_BEFORE_AMOUNT = /(\$|\bLR?D)\s?$/;
/** A literal amount with a currency prefix: "$100", "LRD 5.00", "L$ 1,200". */
const PREFIXED_AMOUNT = /(\$|\bLR?D)\s?\d/;
/** Texts that name a unit, not an amount: the rate's label reads "LRD per US$ 1" (the staff format). */
const UNITS = ['USD → LRD rate (LRD per US$ 1)'];
/** A lone currency sign, to be glued to an amount elsewhere. */
const LONE_SIGN = /^\s*(\$|LD|LRD)\s+$|^\s*\$\s*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The literal text that comes right after `node` (a "%" there makes a toFixed a percentage). */
function textAfter(node: ts.Node): string {
  let current: ts.Node = node;
  while (current.parent) {
    const parent = current.parent;
    if (ts.isTemplateSpan(parent) && parent.expression === current) return parent.literal.text;
    if (ts.isJsxExpression(parent)) {
      const siblings = parent.parent.getChildren().flatMap((child) => child.getChildren());
      const next = siblings[siblings.indexOf(parent) + 1];
      return next && ts.isJsxText(next) ? next.text : '';
    }
    if (
      ts.isBinaryExpression(parent) &&
      parent.left === current &&
      parent.operatorToken.kind === ts.SyntaxKind.PlusToken
    )
      return ts.isStringLiteralLike(parent.right) ? parent.right.text : '';
    if (!ts.isParenthesizedExpression(parent)) return '';
    current = parent;
  }
  return '';
}

/** Every hand-written money format in one module, as "path:line: why". */
function handWrittenMoney(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const flag = (node: ts.Node, why: string) =>
    found.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${why}`);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      if (name === 'toFixed' && ts.isCallExpression(node.parent) && !textAfter(node.parent).startsWith('%'))
        flag(node, 'toFixed outside a percentage');
      if (name === 'toLocaleString') flag(node, 'toLocaleString');
      if (name === 'NumberFormat' && node.expression.getText() === 'Intl') flag(node, 'Intl.NumberFormat');
    }
    // literal text: quoted strings, a template's pieces and JSX text
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)
        ? node.text
        : ts.isTemplateHead(node) || ts.isTemplateMiddle(node)
          ? node.text
          : null;
    if (literal !== null && !UNITS.includes(literal)) {
      const beforeExpression =
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        (ts.isJsxText(node) && nextIsExpression(node)) ||
        (ts.isStringLiteral(node) && isLeftOfPlus(node));
      if (PREFIXED_AMOUNT.test(literal)) flag(node, `an amount written with its currency: ${JSON.stringify(literal)}`);
      else if (beforeExpression && PREFIX_BEFORE_AMOUNT.test(literal))
        flag(node, `a currency written before an amount: ${JSON.stringify(literal)}`);
      else if (!ts.isJsxText(node) && LONE_SIGN.test(literal))
        flag(node, `a currency sign: ${JSON.stringify(literal)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function nextIsExpression(node: ts.JsxText): boolean {
  const siblings = node.parent.getChildren().flatMap((child) => child.getChildren());
  const next = siblings[siblings.indexOf(node) + 1];
  return next !== undefined && ts.isJsxExpression(next);
}

const isLeftOfPlus = (node: ts.Node): boolean =>
  ts.isBinaryExpression(node.parent) &&
  node.parent.left === node &&
  node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken;

describe('one money format in web/src', () => {
  it('no module but the formatters writes an amount by hand', () => {
    const files = sourceFiles(WEB_SRC)
      .map((path) => ({ path: relative(WEB_SRC, path), text: readFileSync(path, 'utf8') }))
      .filter((file) => !MONEY_MODULES.includes(file.path));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(({ path, text }) => handWrittenMoney(path, text))).toEqual([]);
  });

  it('the scan would catch each hand-written format', () => {
    const samples = [
      'const a = amount.toFixed(2);',
      'const a = `${(cents / 100).toFixed(2)} LRD`;',
      "const a = cents.toLocaleString('en-US');",
      "const a = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);",
      'const a = `$${amount}`;',
      'const a = `LRD ${amount}`;',
      'const a = `LD ${amount}`;',
      'const a = `Prize L$ ${amount}`;',
      "const a = '$' + amount;",
      "const a = 'Balance: $100.00';",
      'const a = <p>Balance: ${amount}</p>;',
      'const a = <p>LD {amount}</p>;',
      "const sign = '$';",
    ];
    for (const sample of samples) expect(handWrittenMoney('sample.tsx', sample), sample).toHaveLength(1);
  });

  it('lets percentages, amounts after their currency code, interpolation and comments through', () => {
    const fine = [
      'const a = <span>{row.Percentage.toFixed(1)}%</span>;',
      'const a = `${share.toFixed(1)}% of the threshold`;',
      'const a = `Now ${rate} LRD per USD`;', // the public site's "100 LRD": a code after the amount
      "const code = 'LRD';",
      'const a = `Code ${code}`;',
      '// writes "$100" as "US$ 100.00"\nconst a = staffUsd(amount);',
      "const a = 'Winner amount (LRD)';",
    ];
    for (const sample of fine) expect(handWrittenMoney('sample.tsx', sample), sample).toEqual([]);
  });
});
