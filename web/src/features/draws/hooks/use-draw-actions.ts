import { useCallback, useState } from 'react';
import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import type { ClearDrawAnswer } from '@shared/api/schemas/draws';
import { messages } from '@shared/messages';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { clearPartnerDraw, conductDraw } from '../api/draws';
import { dateTime } from '@web/lib/staff-dates';

export type DrawAction = 'draw' | 'clear';

/** What a clear does with the paid tickets (DESIGN section 4 "Clear draw"). */
export type ClearMode = ClearDrawAnswer['mode'];

export interface DrawOutcome {
  kind: 'success' | 'error';
  text: string;
}

/**
 * Conduct Draw and Clear Draw on the Draw tab (spec sections 7 and 8
 * "Draws"): a winner selected for the partner, the server's error text, or
 * 'Failed to conduct draw'; a clear shows the server's message, else 'Failed
 * to clear partner draws. Please try again.'. What is running is kept per
 * assignment (a draw) and per partner (a clear closes all its windows), so
 * the buttons stay disabled while their call runs. The table itself follows
 * the topic: a draw resets the row's count there, not here — so a row drawn
 * here stays 'draw' until the topic shows its new window (the old count would
 * offer Conduct Draw again).
 */
export function useDrawActions(adminId: string) {
  const [drawing, setDrawing] = useState<ReadonlySet<string>>(() => new Set());
  const [clearing, setClearing] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<DrawOutcome | null>(null);
  // assignment → the window it drew, until the topic brings the next one
  const [drawn, setDrawn] = useState<ReadonlyMap<string, string>>(() => new Map());

  const conduct = useCallback(
    async (row: PartnerDrawSummary) => {
      setDrawing((current) => new Set(current).add(row.AssignmentID));
      try {
        const answer = await conductDraw(adminId, row);
        const winner = answer?.winner;
        if (!winner?.WinnerSelected) throw new Error('Unexpected answer to the draw');
        const text = `${messages.draw.winnerSelectedFor(row.PartnerUsername)} (${row.PromotionTitle}): ${winner.MobileNumber}, ${dateTime(winner.WinnerSelected)}`;
        setOutcome({ kind: 'success', text });
        notifySuccess(text);
        setDrawn((current) => new Map(current).set(row.AssignmentID, windowKeyOf(row)));
      } catch (error) {
        console.error('Conduct draw failed', error);
        const text = errorMessage(error, messages.draw.failed);
        setOutcome({ kind: 'error', text });
        notifyError(text);
      } finally {
        setDrawing((current) => without(current, row.AssignmentID));
      }
    },
    [adminId],
  );

  const clear = useCallback(
    async (row: PartnerDrawSummary, mode: ClearMode = 'carry') => {
      setClearing((current) => new Set(current).add(row.PartnerID));
      try {
        const answer = await clearPartnerDraw(adminId, row.PartnerSearchString || row.PartnerUsername, mode);
        const text = answer?.message || messages.draw.cleared(1, row.PartnerUsername);
        setOutcome({ kind: 'success', text });
        notifySuccess(text);
      } catch (error) {
        console.error('Clear draw failed', error);
        setOutcome({ kind: 'error', text: messages.draw.clearFailed });
        notifyError(messages.draw.clearFailed);
      } finally {
        setClearing((current) => without(current, row.PartnerID));
      }
    },
    [adminId],
  );

  /** What is running for this row, if anything. */
  const runningFor = (row: PartnerDrawSummary): DrawAction | null =>
    drawing.has(row.AssignmentID) || drawn.get(row.AssignmentID) === windowKeyOf(row)
      ? 'draw'
      : clearing.has(row.PartnerID)
        ? 'clear'
        : null;

  return { conduct, clear, runningFor, outcome };
}

/** What names a row's open draw window: its seed commitment (a draw opens a new window with a new one), else its count. */
const windowKeyOf = (row: PartnerDrawSummary): string => row.WindowCommitment ?? `entries:${row.WindowEntries}`;

function without(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(key);
  return next;
}
