import { useCallback, useEffect, useRef, useState } from 'react';
import { myTicketsMessages } from '@shared/my-tickets';
import { messages } from '@shared/messages';
import { PageLoading } from '@web/components/PageLoading';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { fetchTickets, signOut, type TicketsList } from '../api/my-tickets';
import { CodeForm, NumberForm } from './AccessForms';
import { TicketList } from './TicketList';

type Step =
  | { kind: 'loading' }
  | { kind: 'number'; note?: string }
  | { kind: 'code'; msisdn: string; sent: string }
  | { kind: 'list'; list: TicketsList };

/**
 * My tickets (DESIGN section 4, "A ticket is never lost by the browser"):
 * a number's tickets and payments still to come, the same list USSD gives,
 * after a one-time code sent by SMS to that number. The session lives in an
 * HttpOnly cookie the page never sees: it asks the API whether one is open.
 */
export function MyTicketsPage() {
  useDocumentTitle('My tickets');
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStep({ kind: 'loading' });
    try {
      setStep({ kind: 'list', list: await fetchTickets(controller.signal) });
    } catch (caught) {
      if (controller.signal.aborted) return;
      // no session (or it ended): start with the number; anything else is said
      const signedOut = caught instanceof ApiError && caught.status === 401;
      setStep({ kind: 'number', ...(signedOut ? {} : { note: errorMessage(caught, messages.http.unavailable) }) });
    }
  }, []);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  const leave = async () => {
    setStep({ kind: 'loading' });
    try {
      await signOut();
      setStep({ kind: 'number', note: myTicketsMessages.signedOut });
    } catch (caught) {
      setStep({ kind: 'number', note: errorMessage(caught, messages.http.unavailable) });
    }
  };

  return (
    <div className="page page--narrow">
      <h1>My tickets</h1>
      <p className="lead">Your tickets and their draws, and payments still on their way.</p>
      <Body step={step} setStep={setStep} load={load} leave={leave} />
    </div>
  );
}

function Body({
  step,
  setStep,
  load,
  leave,
}: {
  step: Step;
  setStep: (step: Step) => void;
  load: () => Promise<void>;
  leave: () => Promise<void>;
}) {
  switch (step.kind) {
    case 'loading':
      return <PageLoading />;
    case 'number':
      return (
        <>
          {step.note ? (
            <p className="notice notice--info" role="status">
              {step.note}
            </p>
          ) : null}
          <NumberForm onSent={(msisdn, sent) => setStep({ kind: 'code', msisdn, sent })} />
        </>
      );
    case 'code':
      return (
        <CodeForm
          msisdn={step.msisdn}
          sent={step.sent}
          onOpened={() => void load()}
          onOtherNumber={() => setStep({ kind: 'number' })}
        />
      );
    case 'list':
      return (
        <>
          <p>
            Tickets of <strong>{step.list.mobile_number}</strong>.
          </p>
          <TicketList list={step.list} />
          <p className="section">
            <button type="button" className="button button--secondary" onClick={() => void leave()}>
              Sign out
            </button>
          </p>
        </>
      );
  }
}
