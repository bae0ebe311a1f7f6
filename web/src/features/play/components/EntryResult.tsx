import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { EntryFailure } from '@shared/api/schemas/play';
import { messages } from '@shared/messages';
import { formatTicketNumber } from '@shared/ticket-number';
import { formatAmount } from '@web/lib/money';
import type { EntryFollow } from '../hooks/use-entry-status';
import { PendingHelp } from './PendingHelp';

/** An entry the API took: its "approve the prompt" text and the id the page follows. */
export interface TakenEntry {
  prompt: string;
  entryId: string | null;
}

/** Phases after which nothing more happens on the page: the player may buy another ticket. */
const SETTLED: ReadonlySet<EntryFollow['phase']> = new Set(['paid', 'failed', 'refused', 'expired', 'unconfirmed']);
/** Settled without a ticket: "Try again" brings the form back with the number and amount kept. */
const UNPAID: ReadonlySet<EntryFollow['phase']> = new Set(['failed', 'refused', 'expired']);

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The entry's result, phone first: a live region always on the page (so a
 * screen reader announces what appears in it), scrolled into view and given
 * focus when the entry is taken — the form it replaces had the focus — and
 * kept in view as the payment moves on. One note at a time: the "approve
 * the prompt" text goes once the payment is paid or failed. While pending,
 * the time left and a way out sit under it (./PendingHelp.tsx).
 */
export function EntryResult({
  taken,
  follow,
  onBuyAnother,
  onTryAgain,
}: {
  taken: TakenEntry | null;
  follow: EntryFollow;
  onBuyAnother: () => void;
  /** Back to the form with the number kept ("Start again" while pending, "Try again" once failed). */
  onTryAgain: () => void;
}) {
  const id = useId();
  const section = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLDivElement>(null);
  const settled = taken !== null && (taken.entryId === null || SETTLED.has(follow.phase));
  const pending = follow.phase === 'pending' ? follow : null;

  useEffect(() => {
    if (!taken) return;
    section.current?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [taken, follow.phase]);

  useEffect(() => {
    if (taken) status.current?.focus({ preventScroll: true });
  }, [taken]);

  return (
    <div ref={section} className={taken ? 'card entry-result' : 'entry-result entry-result--empty'}>
      <div
        ref={status}
        role="status"
        tabIndex={-1}
        className="entry-result__status"
        aria-labelledby={taken ? `${id}-heading` : undefined}
      >
        {taken ? (
          <>
            <h2 id={`${id}-heading`} className="entry-result__heading">
              {messages.entryForm.resultHeading}
            </h2>
            {follow.phase === 'idle' || pending ? (
              <p className="notice notice--success">
                {pending?.entry
                  ? messages.entryForm.approvePrompt(
                      `${formatAmount(pending.entry.amount)} ${pending.entry.currency}`,
                      pending.entry.maskedNumber,
                    )
                  : taken.prompt}
              </p>
            ) : null}
            <EntryProgress follow={follow} />
          </>
        ) : null}
      </div>
      {taken && pending?.entry ? <PendingHelp entry={pending.entry} onStartAgain={onTryAgain} /> : null}
      {settled ? (
        UNPAID.has(follow.phase) ? (
          <button type="button" className="button button--primary" onClick={onTryAgain}>
            {messages.entryForm.tryAgain}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onBuyAnother}>
            {messages.entryForm.buyAnother}
          </button>
        )
      ) : null}
      {taken ? (
        <p className="form__hint">
          Every ticket of your number, and payments still on their way: <Link to="/my-tickets">My tickets</Link>
        </p>
      ) : null}
    </div>
  );
}

function EntryProgress({ follow }: { follow: EntryFollow }) {
  switch (follow.phase) {
    case 'idle':
      return null;
    case 'refused':
      // the provider refused the prompt after the entry was taken: the same text as a refused request (spec section 8, "Entry")
      return (
        <div className="notice notice--error" data-entry-phase="refused">
          <p className="entry-result__words">{messages.entry.paymentFailed}</p>
          <p className="entry-result__advice">{messages.entry.advice.refused}</p>
        </div>
      );
    case 'pending':
      return (
        <>
          <p className="notice notice--info" data-entry-phase="pending">
            <span className="spinner" aria-hidden="true" /> Waiting for your payment to be confirmed…
          </p>
          {follow.offline ? <p className="entry-result__offline">{messages.entryForm.offlineFollowing}</p> : null}
        </>
      );
    case 'paid':
      return (
        <p className="notice notice--success" data-entry-phase="paid">
          Payment received. Your ticket number is{' '}
          <strong className="ticket-number">{formatTicketNumber(follow.ticketNumber)}</strong>. We have also sent it to
          you by SMS.
        </p>
      );
    case 'failed':
      return <FailedNotice code={follow.code} />;
    case 'expired':
      return (
        <p className="notice notice--info" data-entry-phase="expired">
          {messages.entryForm.promptExpired}
        </p>
      );
    case 'unconfirmed':
      return (
        <p className="notice notice--info" data-entry-phase="unconfirmed">
          We have not had confirmation of this payment yet. If you approved it, your ticket number will reach you by
          SMS.
        </p>
      );
  }
}

/** Why it failed, in the code's words, and what to do about it (`messages.entry.advice`). */
function FailedNotice({ code }: { code: EntryFailure | null }) {
  return (
    <div className="notice notice--error" data-entry-phase="failed" data-entry-failure={code ?? 'failed'}>
      <p className="entry-result__words">
        Your payment did not go through{code ? `: ${messages.entry.failure[code]}` : '.'} No ticket was issued.
      </p>
      <p className="entry-result__advice">{messages.entry.advice[code ?? 'failed']}</p>
    </div>
  );
}
