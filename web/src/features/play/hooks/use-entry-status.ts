import { useEffect, useState } from 'react';
import type { EntryFailure } from '@shared/api/schemas/play';
import { topicNames, TOPIC_ERROR_EVENT, type ServerMessage } from '@shared/topics';
import { ApiError } from '@web/lib/api-client';
import { pageSocketUrl, TopicSocket } from '@web/lib/topic-socket';
import { fetchEntryStatus, noAnswer, type EntryStatus } from '../api/entries';

/** The first wait before asking by HTTP while the socket is not open; each further ask waits twice as long… */
export const ENTRY_POLL_INTERVAL_MS = 2_000;
/** …up to this. */
export const ENTRY_POLL_MAX_MS = 30_000;
/** Without the entry's expiry (no answer yet), the page stops following after this; the ticket still arrives by SMS. */
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
 * The entry's socket: it names its entry when it connects (`/ws?entry=<id>`),
 * so the server watches the entry for it from then on and sends its status
 * unasked — no frame at all (issue 32: a web entry costs its submit and the
 * socket's connect); leaving closes it.
 */
const entrySocket = (entryId: string) =>
  new TopicSocket({
    leaveByClosing: true,
    url: () => pageSocketUrl(`?entry=${encodeURIComponent(entryId)}`),
    subscribedByUrl: topicNames.entry(entryId),
  });

/**
 * Follows an entry after it was taken (DESIGN section 5, "Entry status"; the
 * answer comes before the payment prompt goes out, DESIGN section 8), pushed
 * rather than polled (issue 32): follows the entry's live topic `entry/:id`
 * on a socket that names it (the server sends the status answer, then the
 * paid or failed entry). Only while that socket is not open (connecting,
 * lost, the tab hidden) or the topic was refused does it ask by HTTP, after
 * 2 s, 4 s, 8 s … at most 30 s apart. It asks once at the prompt's expiry
 * itself, socket or not (the server pushes nothing then): still pending is
 * expired. Without an answer yet it follows for at most 10 minutes.
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
    let entry: PendingEntry | null = null;
    let finished = false;
    let pushed = false;
    let asking = false;
    let backoff = ENTRY_POLL_INTERVAL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = (end: EntryFollow) => {
      finished = true;
      clearTimeout(timer);
      setFollow(end);
      stopListening();
    };

    /** One status answer, pushed or asked for. */
    const apply = (answer: EntryStatus) => {
      if (finished) return;
      if (answer.status === 'paid') return finish({ phase: 'paid', ticketNumber: answer.ticket_number ?? '' });
      if (answer.status === 'failed') {
        return finish(
          answer.reason_code === 'refused'
            ? { phase: 'refused' }
            : { phase: 'failed', code: answer.reason_code ?? null },
        );
      }
      const expiresAt = Date.parse(answer.expires_at);
      entry = Number.isNaN(expiresAt)
        ? entry
        : { expiresAt, amount: answer.amount, currency: answer.currency, maskedNumber: answer.masked_mobile_number };
      // an answer at (or after) the expiry: the prompt can no longer be approved
      if (entry && Date.now() >= entry.expiresAt) return finish({ phase: 'expired' });
      setFollow({ phase: 'pending', entry, offline: false });
      // the expiry is known now: its ask is due then
      plan();
    };

    /** The next HTTP ask: the backoff while not pushed to, else only the expiry (retried on the backoff if it failed). */
    const plan = () => {
      clearTimeout(timer);
      timer = undefined;
      if (finished || asking) return;
      const untilExpiry = entry ? entry.expiresAt - Date.now() : Number.POSITIVE_INFINITY;
      if (pushed && !Number.isFinite(untilExpiry)) return;
      const wait = untilExpiry <= 0 ? backoff : pushed ? untilExpiry : Math.min(backoff, untilExpiry);
      timer = setTimeout(ask, wait);
    };

    const ask = async () => {
      asking = true;
      if (!pushed) backoff = Math.min(backoff * 2, ENTRY_POLL_MAX_MS);
      try {
        apply(await fetchEntryStatus(entryId, controller.signal));
      } catch (error) {
        if (controller.signal.aborted || finished) return;
        if (error instanceof ApiError && error.status === 404) return finish({ phase: 'unconfirmed' });
        setFollow({ phase: 'pending', entry, offline: noAnswer(error) });
      } finally {
        asking = false;
      }
      plan();
    };

    const live = entrySocket(entryId);
    const topic = topicNames.entry(entryId);
    let refused = false;
    const stopTopic = live.subscribe(topic, (message: ServerMessage) => {
      // a refused topic (an unknown entry, a server failure): HTTP tells what it is
      if (message.event === TOPIC_ERROR_EVENT) {
        refused = true;
        pushed = false;
        return plan();
      }
      apply(message.data as EntryStatus);
    });
    const stopStatus = live.onStatus((status) => {
      const open = status === 'open' && !refused;
      if (open === pushed) return;
      pushed = open;
      // a socket open again starts the next loss's asks from 2 s
      if (open) backoff = ENTRY_POLL_INTERVAL_MS;
      plan();
    });
    let listening = true;
    function stopListening() {
      if (!listening) return;
      listening = false;
      stopStatus();
      stopTopic();
    }
    // without any answer the page gives up following (the ticket still comes by SMS)
    const limit = setTimeout(() => {
      if (!entry && !finished) finish({ phase: 'unconfirmed' });
    }, ENTRY_FOLLOW_LIMIT_MS);
    plan();

    return () => {
      finished = true;
      controller.abort();
      clearTimeout(timer);
      clearTimeout(limit);
      stopListening();
    };
  }, [entryId]);

  return follow;
}
