import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import type { PendingEntry } from '../hooks/use-entry-status';
import { minuteSecond, useSecondsLeft } from '../hooks/use-seconds-left';

/**
 * Under a pending entry's note: the time left before its prompt expires (a
 * timer, not a live region: it is not read out each second) and a way out —
 * "I did not get a prompt" opens what to check and "Start again", which
 * brings the form back with the number kept.
 */
export function PendingHelp({ entry, onStartAgain }: { entry: PendingEntry; onStartAgain: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const left = useSecondsLeft(entry.expiresAt);
  const texts = messages.entryForm;
  return (
    <div className="entry-help">
      <p className="entry-help__time">
        {texts.timeLeft}{' '}
        <strong role="timer" data-entry-countdown>
          {minuteSecond(left)}
        </strong>
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${id}-advice`}
        onClick={() => setOpen((shown) => !shown)}
      >
        {texts.noPrompt}
      </button>
      <div id={`${id}-advice`} hidden={!open} className="entry-help__advice">
        <ul>
          {texts.noPromptAdvice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <button type="button" className="button button--primary" onClick={onStartAgain}>
          {texts.startAgain}
        </button>
      </div>
    </div>
  );
}
