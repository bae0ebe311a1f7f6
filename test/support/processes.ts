import { readdirSync, readFileSync } from 'node:fs';

/** Live processes whose command line names `path` (a stack's DynamoDB Local, found by its data directory). */
export function processesUsing(path: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path);
      } catch {
        return false;
      }
    })
    .map(Number);
}
