// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { framesOf, splitMessage } from '@shared/message-parts';
import { messages } from '@shared/messages';
import { useTopic } from '@web/hooks/use-topic';
import { RealtimeConnection } from '@web/lib/realtime';
import { toast } from '@web/lib/toast';
import AppToaster from '@web/lib/toaster';
import { installMatchMedia } from './support/browser-apis';
import { FakeWebSocket, setTabVisibility } from './support/fake-websocket';
import { render } from './support/staff-render';

beforeAll(() => installMatchMedia(false));
beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setTabVisibility('visible');
});
afterEach(() => {
  cleanup();
  toast.remove();
  vi.useRealTimers();
});

const url = () => 'ws://test/ws';
const schemas = { counts: z.object({ total: z.number() }) };

function Counts({ topic, connection }: { topic: string; connection: RealtimeConnection }) {
  const { data, refused } = useTopic(topic, schemas, connection);
  if (refused) return <p>Refused: {refused}</p>;
  return <p>Total: {data.counts?.total ?? 'loading'}</p>;
}

describe('the live connection (DESIGN section 6)', () => {
  it('subscribes once open and shows the snapshot, then every change', async () => {
    const connection = new RealtimeConnection({ url });
    render(<Counts topic="admin/overview" connection={connection} />);
    const socket = FakeWebSocket.latest();
    expect(socket.sent).toEqual([]);
    act(() => socket.serverOpen());
    expect(socket.subscribedTopics()).toEqual(['admin/overview']);

    act(() => socket.serverSend({ topic: 'admin/overview', event: 'counts', data: { total: 3 } }));
    expect(screen.getByText('Total: 3')).toBeTruthy();
    act(() => socket.serverSend({ topic: 'admin/overview', event: 'counts', data: { total: 4 } }));
    expect(screen.getByText('Total: 4')).toBeTruthy();
    // another topic's messages are not this screen's
    act(() => socket.serverSend({ topic: 'admin/winners', event: 'counts', data: { total: 99 } }));
    expect(screen.getByText('Total: 4')).toBeTruthy();
  });

  it('puts a list sent in slices (over the WebSocket message quota) back together before the screen sees it', () => {
    const listSchemas = { partners: z.object({ Partners: z.array(z.object({ id: z.number() })) }) };
    function PartnerCount({ connection }: { connection: RealtimeConnection }) {
      const { data } = useTopic('admin/partners', listSchemas, connection);
      return <p>Partners: {data.partners?.Partners.length ?? 'loading'}</p>;
    }
    const connection = new RealtimeConnection({ url });
    render(<PartnerCount connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    const whole = {
      topic: 'admin/partners',
      event: 'partners',
      data: { Partners: Array.from({ length: 3000 }, (_, id) => ({ id })) },
    };
    const parts = splitMessage(whole, 8 * 1024);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts.slice(0, -1)) act(() => socket.serverSend(part));
    expect(screen.getByText('Partners: loading')).toBeTruthy();
    act(() => socket.serverSend(parts.at(-1)!));
    expect(screen.getByText('Partners: 3000')).toBeTruthy();
  });

  it('applies every message of a batch frame (one change, several topics and events) as if each came alone', () => {
    const both = { counts: schemas.counts, extra: z.object({ note: z.string() }) };
    function Both({ topic, connection }: { topic: string; connection: RealtimeConnection }) {
      const { data } = useTopic(topic, both, connection);
      return <p>{`${topic}: ${data.counts?.total ?? 'loading'} ${data.extra?.note ?? 'loading'}`}</p>;
    }
    const connection = new RealtimeConnection({ url });
    render(<Both topic="admin/overview" connection={connection} />);
    render(<Both topic="admin/winners" connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    const frames = framesOf([
      { topic: 'admin/overview', event: 'counts', data: { total: 5 } },
      { topic: 'admin/overview', event: 'extra', data: { note: 'today' } },
      { topic: 'admin/winners', event: 'counts', data: { total: 8 } },
      { topic: 'admin/winners', event: 'extra', data: { note: 'newest' } },
    ]);
    expect(frames).toHaveLength(1);
    act(() => socket.serverSend(frames[0]!));
    expect(screen.getByText('admin/overview: 5 today')).toBeTruthy();
    expect(screen.getByText('admin/winners: 8 newest')).toBeTruthy();
  });

  it('puts together a list whose slices share batch frames with other events', () => {
    const listSchemas = {
      partners: z.object({ Partners: z.array(z.object({ id: z.number() })) }),
      counts: schemas.counts,
    };
    function Partners({ connection }: { connection: RealtimeConnection }) {
      const { data } = useTopic('admin/partners', listSchemas, connection);
      return (
        <p>{`Partners: ${data.partners?.Partners.length ?? 'loading'}, total ${data.counts?.total ?? 'loading'}`}</p>
      );
    }
    const connection = new RealtimeConnection({ url });
    render(<Partners connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    const frames = framesOf(
      [
        {
          topic: 'admin/partners',
          event: 'partners',
          data: { Partners: Array.from({ length: 3000 }, (_, id) => ({ id })) },
        },
        { topic: 'admin/partners', event: 'counts', data: { total: 2 } },
      ],
      8 * 1024,
    );
    expect(frames.length).toBeGreaterThan(2);
    // the list's last slice and the small event after it travel together
    expect(frames.at(-1)).toHaveProperty('events');
    for (const frame of frames.slice(0, -1)) act(() => socket.serverSend(frame));
    expect(screen.getByText('Partners: loading, total loading')).toBeTruthy();
    act(() => socket.serverSend(frames.at(-1)!));
    expect(screen.getByText('Partners: 3000, total 2')).toBeTruthy();
  });

  it('gives a second screen on the same topic the last snapshot without subscribing again', () => {
    const connection = new RealtimeConnection({ url });
    const first = render(<Counts topic="admin/overview" connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() => socket.serverSend({ topic: 'admin/overview', event: 'counts', data: { total: 7 } }));
    render(<Counts topic="admin/overview" connection={connection} />);
    expect(screen.getAllByText('Total: 7')).toHaveLength(2);
    expect(socket.subscribedTopics()).toEqual(['admin/overview']);
    first.unmount();
    expect(socket.sent.filter((m) => m.action === 'unsubscribe')).toEqual([]);
  });

  it('unsubscribes and closes when the last screen leaves', () => {
    const connection = new RealtimeConnection({ url });
    const view = render(<Counts topic="admin/overview" connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    view.unmount();
    expect(socket.sent.at(-1)).toEqual({ action: 'unsubscribe', topic: 'admin/overview' });
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(connection.getStatus()).toBe('idle');
  });

  it('shows the refused reason when the server refuses the topic', () => {
    const connection = new RealtimeConnection({ url });
    render(<Counts topic="admin/draw-list" connection={connection} />);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() =>
      socket.serverSend({
        topic: 'admin/draw-list',
        event: 'error',
        data: { error: 'You do not have access to this.' },
      }),
    );
    expect(screen.getByText('Refused: You do not have access to this.')).toBeTruthy();
  });

  it("drops a payload that fails its schema with 'Error processing data update'", async () => {
    const connection = new RealtimeConnection({ url });
    render(
      <>
        <AppToaster />
        <Counts topic="admin/overview" connection={connection} />
      </>,
    );
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() => socket.serverSend({ topic: 'admin/overview', event: 'counts', data: { total: 2 } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => socket.serverSend({ topic: 'admin/overview', event: 'counts', data: { total: 'many' } }));
    act(() => socket.serverSend('not json'));
    expect(await screen.findByText(messages.stream.badData)).toBeTruthy();
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it("after a loss shows the refresh toast and 'Reconnecting...', retries every 5 s, and re-subscribes", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const connection = new RealtimeConnection({ url });
    render(
      <>
        <AppToaster />
        <Counts topic="admin/overview" connection={connection} />
      </>,
    );
    const first = FakeWebSocket.latest();
    act(() => first.serverOpen());
    act(() => first.serverDrop());
    expect(screen.getByText(messages.stream.refresh)).toBeTruthy();
    expect(screen.getByText(messages.stream.reconnecting)).toBeTruthy();
    expect(connection.getStatus()).toBe('reconnecting');

    act(() => vi.advanceTimersByTime(4999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);

    // the retry fails too: another 5 s
    act(() => FakeWebSocket.latest().serverDrop());
    act(() => vi.advanceTimersByTime(5000));
    expect(FakeWebSocket.instances).toHaveLength(3);

    const third = FakeWebSocket.latest();
    act(() => third.serverOpen());
    expect(third.subscribedTopics()).toEqual(['admin/overview']);
    expect(connection.getStatus()).toBe('open');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText(messages.stream.reconnecting)).toBeNull();
    expect(screen.queryByText(messages.stream.refresh)).toBeNull();
  });

  it('is open only while the tab is visible', () => {
    const connection = new RealtimeConnection({ url });
    render(<Counts topic="admin/overview" connection={connection} />);
    const first = FakeWebSocket.latest();
    act(() => first.serverOpen());

    act(() => setTabVisibility('hidden'));
    expect(first.readyState).toBe(FakeWebSocket.CLOSED);
    expect(FakeWebSocket.instances).toHaveLength(1);

    act(() => setTabVisibility('visible'));
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = FakeWebSocket.latest();
    act(() => second.serverOpen());
    expect(second.subscribedTopics()).toEqual(['admin/overview']);
  });

  it('opens no socket while the tab is hidden', () => {
    setTabVisibility('hidden');
    const connection = new RealtimeConnection({ url });
    render(<Counts topic="admin/overview" connection={connection} />);
    expect(FakeWebSocket.instances).toHaveLength(0);
    act(() => setTabVisibility('visible'));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
