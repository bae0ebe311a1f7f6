import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages';
import { errorMessage } from '@web/lib/api-client';
import { playSuccessSound } from '@web/lib/sounds';
import { notifyError } from '@web/lib/toast';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { conductDraw, fetchPublicDraw, type AnnouncerDrawRequest } from '../api/draw';

/** Spec section 9: the draw button is marked busy for up to 3 seconds. */
export const DRAW_BUSY_MS = 3000;

/** A draw this page conducted: its public record, and the seed it revealed once the record is read. */
export interface RevealedDraw {
  drawId: string;
  recordUrl: string;
  /** The drawn window's commitment and its seed (null until the record has been read, or if it could not be). */
  commitment: string | null;
  seed: string | null;
}

export interface AnnouncerDraw {
  /** Is a draw request running for this promotion (assignment id)? */
  isRunning: (assignmentId: string) => boolean;
  /** The button's busy flag: set by a click, cleared 3 seconds later. */
  busy: boolean;
  /**
   * Is the promotion's draw done here while the dashboard still shows the
   * window it drew (`windowKey`, its commitment)? Its button stays off until
   * the topic brings the new window: the old counts would offer the draw again.
   */
  awaitingNewWindow: (assignmentId: string, windowKey: string) => boolean;
  /** The last draw conducted here, per promotion (assignment id). */
  revealed: Readonly<Record<string, RevealedDraw>>;
  conduct: (assignmentId: string, request: AnnouncerDrawRequest, windowKey: string) => Promise<void>;
}

/**
 * The announcer's draw (spec sections 4, 7, 8): one request per promotion at
 * a time (the per-promotion "draw in progress" flag), the button busy for
 * 3 seconds after a click, the server's error text else 'Failed to conduct
 * draw'. The winner and the reset count are not written here: they arrive
 * with the dashboard topic's next snapshot.
 */
export function useAnnouncerDraw(announcerId: string): AnnouncerDraw {
  const running = useRef(new Set<string>());
  const [runningIds, setRunningIds] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<Record<string, RevealedDraw>>({});
  const [drawnWindows, setDrawnWindows] = useState<Readonly<Record<string, string>>>({});
  const busyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (busyTimer.current) clearTimeout(busyTimer.current);
    };
  }, []);

  const setRunning = (assignmentId: string, on: boolean) => {
    if (on) running.current.add(assignmentId);
    else running.current.delete(assignmentId);
    if (mounted.current) setRunningIds(new Set(running.current));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: setRunning touches only refs and state setters, which never change
  const conduct = useCallback(
    async (assignmentId: string, request: AnnouncerDrawRequest, windowKey: string) => {
      if (running.current.has(assignmentId)) return;
      setRunning(assignmentId, true);
      setBusy(true);
      if (busyTimer.current) clearTimeout(busyTimer.current);
      busyTimer.current = setTimeout(() => {
        busyTimer.current = null;
        if (mounted.current) setBusy(false);
      }, DRAW_BUSY_MS);

      let drawId: string;
      try {
        const answer = await conductDraw(announcerId, request);
        drawId = answer.winner.draw_id;
      } catch (error) {
        notifyError(errorMessage(error, messages.draw.failed));
        setRunning(assignmentId, false);
        return;
      }
      playSuccessSound();
      if (mounted.current) setDrawnWindows((previous) => ({ ...previous, [assignmentId]: windowKey }));
      const reveal = (commitment: string | null, seed: string | null) => {
        if (mounted.current) {
          setRevealed((previous) => ({
            ...previous,
            [assignmentId]: { drawId, recordUrl: drawRecordPagePath(drawId), commitment, seed },
          }));
        }
      };
      reveal(null, null);
      setRunning(assignmentId, false);
      try {
        const record = await fetchPublicDraw(drawId);
        reveal(record.commitment, record.seed);
      } catch (error) {
        // the link to the record still lets anyone read it
        console.error('Could not read the public draw record', error);
      }
    },
    [announcerId],
  );

  const isRunning = useCallback((assignmentId: string) => runningIds.has(assignmentId), [runningIds]);
  const awaitingNewWindow = useCallback(
    (assignmentId: string, windowKey: string) => drawnWindows[assignmentId] === windowKey,
    [drawnWindows],
  );
  return { isRunning, awaitingNewWindow, busy, revealed, conduct };
}
