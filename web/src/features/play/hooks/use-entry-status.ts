import { useEffect, useState } from 'react';
import type { EntryFailure } from '@shared/api/schemas/play';
import { ApiError } from '@web/lib/api-client';
import { fetchEntryStatus, noAnswer } from '../api/entries';

/** How often the page asks whether the payment has gone through. */
export const ENTRY_POLL_INTERVAL_MS = 2_000;
/** Without the entry's expiry (no answer yet), the page stops asking after this; the ticket still arrives by SMS. */
export const ENTRY_FOLLOW_LIMIT_MS = 10 * 60_000;

/** A pending entry as its status tells it: what to approve, on which number (masked), until when. */
export interface PendingEntry {
  /** Epoch ms at which the payment prompt expires (the server gives the payment up then). */
  expiresAt: number;
  amount: string;
  currency: string;
  maskedNumber: string;
}

export type EntryFollow =
  | { phase: 'idle' }
  /** `entry`: null until the first answer; `offline`: the last check could not reach the server. */
  | { phase: 'pending'; entry: PendingEntry | null; offline: boolean }
  | { phase: 'paid'; ticketNumber: string }
  | { phase: 'failed'; code: EntryFailure | null }
  /** The provider refused the payment prompt itself: the page says so as it did when that refusal came with the answer. */
  | { phase: 'refused' }
  /** The prompt's time ran out and the entry was still pending when asked once more. */
  | { phase: 'expired' }
  /** Still pending after the follow limit, or the entry is unknown to the API. */
  | { phase: 'unconfirmed' };

/**
 * Follows an entry after it was taken (DESIGN section 5, "Entry status"; the
 * answer comes before the payment prompt goes out, DESIGN section 8): asks
 * every 2 s until it is paid or failed, and until its prompt expires — then
 * once more, at the expiry itself (without an answer yet, for at most 10 minutes).
 * A failed check (slow network, offline) is retried at the next tick.
 */
export function useEntryStatus(entryId: string | null): EntryFollow {
  const [follow, setFollow] = useState<EntryFollow>({ phase: 'idle' });

  useEffect(() => {
    if (!entryId) {
      setFollow({ phase: 'idle' });
      return;
    }
    setFollow({ phase: 'pending', entry: null, offline: false });
    const controller = new AbortController();
    const startedAt = Date.now();
    let entry: PendingEntry | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = async () => {
      try {
        const answer = await fetchEntryStatus(entryId, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.status === 'paid') {
          setFollow({ phase: 'paid', ticketNumber: answer.ticket_number ?? '' });
          return;
        }
        if (answer.status === 'failed') {
          setFollow(
            answer.reason_code === 'refused'
              ? { phase: 'refused' }
              : { phase: 'failed', code: answer.reason_code ?? null },
          );
          return;
        }
        const expiresAt = Date.parse(answer.expires_at);
        entry = Number.isNaN(expiresAt)
          ? entry
          : { expiresAt, amount: answer.amount, currency: answer.currency, maskedNumber: answer.masked_mobile_number };
        // this was the check at (or after) the expiry: the prompt can no longer be approved
        if (entry && Date.now() >= entry.expiresAt) {
          setFollow({ phase: 'expired' });
          return;
        }
        setFollow({ phase: 'pending', entry, offline: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setFollow({ phase: 'unconfirmed' });
          return;
        }
        setFollow({ phase: 'pending', entry, offline: noAnswer(error) });
      }
      const endsAt = entry ? entry.expiresAt : startedAt + ENTRY_FOLLOW_LIMIT_MS;
      if (!entry && Date.now() + ENTRY_POLL_INTERVAL_MS > endsAt) {
        setFollow({ phase: 'unconfirmed' });
        return;
      }
      // the next tick, or the expiry itself if it comes sooner (asked once more there; a check that failed is retried)
      const untilEnd = endsAt - Date.now();
      timer = setTimeout(check, untilEnd > 0 ? Math.min(ENTRY_POLL_INTERVAL_MS, untilEnd) : ENTRY_POLL_INTERVAL_MS);
    };

    timer = setTimeout(check, ENTRY_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [entryId]);

  return follow;
}
