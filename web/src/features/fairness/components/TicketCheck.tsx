import { useState, type FormEvent } from 'react';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import { checkInclusion } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { messages } from '@shared/messages';
import { dammCheckDigit } from '@shared/ticket-check-digit';
import { fetchInclusionProof } from '../api/fair-draws';

type Answer = { phase: 'idle' } | { phase: 'checking' } | { phase: 'done'; ok: boolean; text: string };

/**
 * "Is my ticket in this draw?" (DESIGN section 4, "Fair draws"): a typo is
 * told as a typo (the ticket number's check digit, before anything is
 * asked), the winning ticket as the winner, any other included ticket by its
 * place; the proof is checked here against the record's Merkle root.
 */
export function TicketCheck({ record }: { record: PublicDrawRecord }) {
  const [ticket, setTicket] = useState('');
  const [answer, setAnswer] = useState<Answer>({ phase: 'idle' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAnswer({ phase: 'checking' });
    setAnswer(await answerFor(record, ticket.replace(/[\s-]/g, '')));
  }

  return (
    <section aria-labelledby="ticket-heading" className="section">
      <h2 id="ticket-heading">Is my ticket in this draw?</h2>
      <form onSubmit={onSubmit} className="form" noValidate>
        <div className="field">
          <label htmlFor="ticket-number">Ticket number</label>
          <input
            id="ticket-number"
            name="ticket"
            inputMode="numeric"
            autoComplete="off"
            value={ticket}
            onChange={(event) => setTicket(event.target.value)}
            aria-describedby="ticket-hint"
          />
          <p id="ticket-hint" className="form__hint">
            Only a hash of the number is sent; the proof is checked here, against the record&apos;s Merkle root.
          </p>
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={answer.phase === 'checking'}>
            Check my ticket
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {answer.phase === 'done' ? (
          <p className={`notice ${answer.ok ? 'notice--success' : 'notice--error'}`} data-testid="ticket-check">
            {answer.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}

async function answerFor(record: PublicDrawRecord, digits: string): Promise<Answer> {
  if (!/^\d{14}$/.test(digits)) return { phase: 'done', ok: false, text: messages.fairDraws.ticketNumberNeeded };
  if (dammCheckDigit(digits) !== 0) return { phase: 'done', ok: false, text: messages.ticketCheck.checkDigit };
  try {
    const hash = await ticketHash(digits);
    const proof = await fetchInclusionProof(record.draw_id, hash);
    const check = await checkInclusion(record, hash, proof);
    if (!check.ok) return { phase: 'done', ok: false, text: `Not proven: ${check.detail}` };
    if (record.winning_seq !== null && proof.seq === record.winning_seq)
      return { phase: 'done', ok: true, text: `${messages.fairDraws.won(proof.seq)} Included: ${check.detail}` };
    return { phase: 'done', ok: true, text: `Included: ${check.detail}` };
  } catch (error) {
    const status = (error as { status?: number }).status;
    return {
      phase: 'done',
      ok: false,
      text: status === 404 ? messages.fairDraws.ticketNotInDraw : messages.fairDraws.proofFailed,
    };
  }
}
