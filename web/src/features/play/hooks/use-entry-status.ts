import { useEffect, useState } from 'react';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api-client';
import { fetchEntryStatus } from '../api/entries';

/** How often the page asks whether the payment has gone through. */
export const ENTRY_POLL_INTERVAL_MS = 2_000;
/** After this the page stops asking; the ticket still arrives by SMS. */
export const ENTRY_FOLLOW_LIMIT_MS = 10 * 60_000;

export type EntryFollow =
  | { phase: 'idle' }
  | { phase: 'pending' }
  | { phase: 'paid'; ticketNumber: string }
  | { phase: 'failed'; reason: string | null }
  /** The provider refused the payment prompt itself: the page says so as it did when that refusal came with the answer. */
  | { phase: 'refused' }
  /** Still pending after the follow limit, or the entry is unknown to the API. */
  | { phase: 'unconfirmed' };

/**
 * Follows an entry after it was taken (DESIGN section 5, "Entry status"; the
 * answer comes before the payment prompt goes out, DESIGN section 8): asks
 * every 2 s until it is paid or failed, for at most 10 minutes.
 * A failed check (slow network) is retried at the next tick.
 */
export function useEntryStatus(entryId: string | null): EntryFollow {
  const [follow, setFollow] = useState<EntryFollow>({ phase: 'idle' });

  useEffect(() => {
    if (!entryId) {
      setFollow({ phase: 'idle' });
      return;
    }
    setFollow({ phase: 'pending' });
    const controller = new AbortController();
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = async () => {
      try {
        const entry = await fetchEntryStatus(entryId, controller.signal);
        if (controller.signal.aborted) return;
        if (entry.status === 'paid') {
          setFollow({ phase: 'paid', ticketNumber: entry.ticket_number ?? '' });
          return;
        }
        if (entry.status === 'failed') {
          setFollow(
            entry.reason_code === 'refused'
              ? { phase: 'refused' }
              : { phase: 'failed', reason: entry.reason_code ? messages.entry.failure[entry.reason_code] : null },
          );
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setFollow({ phase: 'unconfirmed' });
          return;
        }
      }
      if (Date.now() - startedAt + ENTRY_POLL_INTERVAL_MS > ENTRY_FOLLOW_LIMIT_MS) {
        setFollow({ phase: 'unconfirmed' });
        return;
      }
      timer = setTimeout(check, ENTRY_POLL_INTERVAL_MS);
    };

    timer = setTimeout(check, ENTRY_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [entryId]);

  return follow;
}
