import { onAirMessages } from '@shared/on-air-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { messages } from '@shared/messages';
import { PageLoading } from '@web/components/PageLoading';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useSessionGuard } from '@web/hooks/use-session-guard';
import { errorMessage } from '@web/lib/api-client';
import { StaffQueryProvider } from '@web/lib/staff-query';
import { broadcastQuery, CLOSING_POLL_MS, startBroadcastClose } from '../api/broadcast';
import { BroadcastSteps } from './BroadcastSteps';
import '../broadcast.css';

const text = onAirMessages;

/**
 * /v1/announcer/:id/broadcast/:sharedCode (issue 36): the on-air draw, big enough to read across a
 * studio and full-screen for a monitor or a stream. Its own chunk. The button only starts the close;
 * every step after it is the server's (root, round, code, winner), read again on each reload.
 */
export function BroadcastPage() {
  return (
    <StaffQueryProvider>
      <BroadcastPortal />
    </StaffQueryProvider>
  );
}

function BroadcastPortal() {
  const { id, sharedCode } = useParams();
  useDocumentTitle(text.screenTitle);
  const { session } = useSessionGuard('announcer', id, '/announcer/login');
  if (!session || !id || !sharedCode) return <PageLoading />;
  return <Broadcast announcerId={id} sharedCode={sharedCode} />;
}

function Broadcast({ announcerId, sharedCode }: { announcerId: string; sharedCode: string }) {
  const query = broadcastQuery(announcerId, sharedCode);
  const client = useQueryClient();
  const [starting, setStarting] = useState(false);
  // from the click on, the code is shown as soon as the close has fixed it (the close's request waits for the round)
  const { data, error } = useQuery(starting ? { ...query, refetchInterval: CLOSING_POLL_MS } : query);
  const [refused, setRefused] = useState<string | null>(null);
  const screen = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const start = async () => {
    setStarting(true);
    setRefused(null);
    // the screen reads the close's steps meanwhile: the code shows while this request waits for its round
    void client.invalidateQueries({ queryKey: query.queryKey });
    try {
      client.setQueryData(query.queryKey, await startBroadcastClose(announcerId, sharedCode));
    } catch (failure) {
      setRefused(errorMessage(failure, messages.draw.failed));
    } finally {
      setStarting(false);
      void client.invalidateQueries({ queryKey: query.queryKey });
    }
  };

  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void screen.current?.requestFullscreen?.();
  };

  return (
    <div className="broadcast" ref={screen}>
      <header className="broadcast__bar">
        <Link className="broadcast__back" to={`/v1/announcer/${announcerId}/dashboard`}>
          {text.backToDashboard}
        </Link>
        <button type="button" className="button broadcast__full" onClick={toggleFull}>
          {full ? text.exitFullScreen : text.fullScreen}
        </button>
      </header>
      <main id="main" className="broadcast__main">
        <h1 className="broadcast__title">{data ? data.promotion_title : text.screenTitle}</h1>
        {error && !data ? (
          <p role="alert" className="notice notice--error">
            {errorMessage(error, text.loadFailed)}
          </p>
        ) : null}
        {data ? <BroadcastSteps state={data} starting={starting} onStart={() => void start()} /> : <PageLoading />}
        {refused ? (
          <p role="alert" className="notice notice--error broadcast__refused">
            {refused}
          </p>
        ) : null}
      </main>
    </div>
  );
}
