import type { Assignment } from '../catalog';
import { commitOpenWindow, getWindowSeed, type WindowSeed } from '../catalog';

/**
 * The open window's seed, checked against the commitment shown on the
 * assignment. A window opened before draws existed has none: it is given one
 * now and `undefined` is returned — it can be drawn on a later call, once its
 * commitment has been out in the open.
 */
export async function committedSeedOf(assignment: Assignment, now: Date): Promise<WindowSeed | undefined> {
  const seed = await getWindowSeed(assignment.id, assignment.windowNo);
  if (!seed) {
    await commitOpenWindow(assignment.id, assignment.windowNo, now);
    return undefined;
  }
  if (assignment.windowCommitment !== undefined && assignment.windowCommitment !== seed.commitment) {
    // never expected: a draw would not match what was shown
    throw new Error(`window ${assignment.id}#${assignment.windowNo}: seed does not match the shown commitment`);
  }
  return seed;
}
