import { onAirMessages } from '@shared/on-air-messages';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BroadcastState } from '@shared/api/schemas/on-air';
import { formatTicketNumber } from '@shared/ticket-number';
import { formatWhole } from '@web/lib/money';
import { staffLrd } from '@web/lib/staff-money';

const text = onAirMessages;

export interface BroadcastStepsProps {
  state: BroadcastState;
  starting: boolean;
  onStart: () => void;
}

/**
 * The on-air draw's steps, each shown big (issue 36): entries close (count and stakes freeze); the root
 * and the round that decides the winner; the draw code, before that round exists; the countdown to it;
 * the winner's masked number and ticket with the code again and the short record's address.
 */
export function BroadcastSteps({ state, starting, onStart }: BroadcastStepsProps) {
  const { step, close, winner } = state;
  const frozen = close && step !== 'open';
  return (
    <ol className="broadcast__steps">
      <li className="broadcast__step" data-step="entries" aria-current={step === 'open' ? 'step' : undefined}>
        <h2>{frozen ? text.stepClosed : text.stepOpen}</h2>
        <p className="broadcast__figures">
          <span>
            {text.entries}{' '}
            <strong data-testid="broadcast-entries">
              {formatWhole(frozen ? close.entry_count : state.window.entries)}
            </strong>
          </span>
          <span>
            {text.stakes} <strong>{staffLrd(frozen ? close.stake_lrd : state.window.stake_lrd)}</strong>
          </span>
        </p>
        {step !== 'closing' ? <StartClose state={state} starting={starting} onStart={onStart} /> : null}
      </li>
      {frozen ? (
        <li className="broadcast__step" data-step="fixed">
          <h2>{text.round(close.round)}</h2>
          <p className="broadcast__root">
            {text.merkleRoot} <code>{close.merkle_root}</code>
          </p>
        </li>
      ) : null}
      {frozen ? (
        <li className="broadcast__step broadcast__step--code" aria-current={step === 'closing' ? 'step' : undefined}>
          <h2>{text.drawCode}</h2>
          <p className="broadcast__code" data-testid="draw-code">
            {close.draw_code}
          </p>
          {step === 'closing' ? <p className="broadcast__note">{text.readOnAir}</p> : null}
          {step === 'closing' ? <Countdown roundAt={close.round_at} serverTime={state.server_time} /> : null}
        </li>
      ) : null}
      {step === 'revealed' && winner && close ? (
        <li className="broadcast__step broadcast__step--winner" aria-current="step">
          <h2>{text.stepWinner}</h2>
          <p className="broadcast__winner">
            {text.winnerNumber} <strong data-testid="winner-number">{winner.masked_number}</strong>
          </p>
          <p className="broadcast__ticket">
            {text.winnerTicket} <strong>{formatTicketNumber(winner.ticket)}</strong> · #{winner.winning_seq}
          </p>
          <p className="broadcast__link">
            {text.checkAt}{' '}
            <Link to={winner.short_path} data-testid="short-link">
              {`${window.location.host}${winner.short_path}`}
            </Link>
          </p>
        </li>
      ) : null}
    </ol>
  );
}

function StartClose({ state, starting, onStart }: BroadcastStepsProps) {
  const { met, entries, required } = state.window;
  return (
    <>
      <button
        type="button"
        className="button button--primary button--large broadcast__start"
        disabled={!met || starting}
        aria-busy={starting}
        onClick={onStart}
      >
        {starting ? text.closing : text.startClose}
      </button>
      {!met ? <p className="broadcast__note">{text.thresholdNotMet(entries, required)}</p> : null}
    </>
  );
}

/** Seconds to the round, on the server's clock (the studio computer's may be off). */
function Countdown({ roundAt, serverTime }: { roundAt: string; serverTime: string }) {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.ceil((Date.parse(roundAt) - (now + offset)) / 1000);
  return (
    <p className="broadcast__countdown" role="timer" aria-live="off">
      {seconds > 0 ? text.countdown(seconds) : text.roundDue}
    </p>
  );
}
