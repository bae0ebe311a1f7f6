import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A simulator's state file under `.data/` (DESIGN section 8: the simulators
 * keep their state like the table, so a restart forgets no payment).
 */

/** The saved state, undefined when there is no file yet; an unreadable file stops the start with `who` named. */
export function loadState<T>(file: string, who: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${who}'s data file ${file} is unreadable: ${(error as Error).message}`);
  }
}

/** Written whole on every change (a temporary file renamed over the old one, so a crash never leaves half a file). */
export function saveState(file: string, state: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
