/**
 * `npm run verify-export <file>`: checks a regulator's chained export
 * (JSON Lines, shared/export-chain.ts) offline: every line numbers its place,
 * carries the previous line's hash and matches its own. An edited line fails
 * its own hash; a removed or inserted one the next line's number or link.
 *
 * Exit status: 0 the chain holds; 1 it does not (the first bad line is
 * named); 2 it could not be checked (no file, bad arguments).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { verifyChainText } from '@shared/export-chain';

export async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('usage: npm run verify-export <file.jsonl>');
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    console.error(`Could not read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const verdict = verifyChainText(text);
  if (verdict.ok) {
    console.log(`Chain intact: ${verdict.lines} lines, last hash ${verdict.lastHash}`);
    return 0;
  }
  console.log(`Chain broken at line ${verdict.line}: ${verdict.reason}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
