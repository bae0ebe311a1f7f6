// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { topicEvents, topicRef } from '@shared/topics';
import { useLiveList } from '@web/hooks/use-live-list';
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
  vi.restoreAllMocks();
});

const url = () => 'ws://test/ws';
const WINNERS = topicRef('adminWinners');
const row = {
  MobileNumber: '231770000001',
  PartnerID: 'p1',
  PartnerUsername: 'Acme',
  WinnerAmount: '100.00',
  WinnerSelected: '2026-11-26T09:00:00.000Z',
  PromotionTitle: 'Daily',
  DrawID: 'd1',
  PayoutStatus: 'paid',
};

function Winners({ connection }: { connection: RealtimeConnection }) {
  const { data, refused, invalid } = useTopic(WINNERS, { connection });
  if (refused) return <p>Refused: {refused}</p>;
  return (
    <p>{`Winners: ${data.winners?.Winners.map((w) => w.PartnerUsername).join(',') ?? 'loading'}${invalid ? ' (bad frame)' : ''}`}</p>
  );
}

function open(ui: React.ReactElement) {
  render(
    <>
      <AppToaster />
      {ui}
    </>,
  );
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpen());
  return socket;
}

describe('useTopic on a catalogue topic (shared/topics.ts)', () => {
  it('subscribes to its name and gives each event by code name, parsed with the catalogue schema', () => {
    const socket = open(<Winners connection={new RealtimeConnection({ url })} />);
    expect(socket.subscribedTopics()).toEqual(['admin/winners']);
    act(() => socket.serverSend({ topic: WINNERS.name, ...topicEvents('adminWinners').winners({ Winners: [row] }) }));
    expect(screen.getByText('Winners: Acme')).toBeTruthy();
  });

  it("drops and logs a frame that fails its schema, keeps the last good one and shows 'Error processing data update'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = open(<Winners connection={new RealtimeConnection({ url })} />);
    act(() => socket.serverSend({ topic: WINNERS.name, event: 'winners', data: { Winners: [row] } }));
    act(() =>
      socket.serverSend({ topic: WINNERS.name, event: 'winners', data: { Winners: [{ ...row, WinnerAmount: 100 }] } }),
    );
    expect(await screen.findByText(messages.stream.badData)).toBeTruthy();
    expect(screen.getByText('Winners: Acme (bad frame)')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Bad winners data on admin/winners', expect.anything());
    // the next good frame clears it
    act(() =>
      socket.serverSend({
        topic: WINNERS.name,
        event: 'winners',
        data: { Winners: [{ ...row, PartnerUsername: 'Beta' }] },
      }),
    );
    expect(screen.getByText('Winners: Beta')).toBeTruthy();
  });

  it("ignores, without an error, an event the topic does not carry (another topic's)", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = open(<Winners connection={new RealtimeConnection({ url })} />);
    act(() => socket.serverSend({ topic: WINNERS.name, event: 'partners', data: { Partners: [] } }));
    expect(screen.getByText('Winners: loading')).toBeTruthy();
    expect(logged).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", () => {
    const socket = open(<Winners connection={new RealtimeConnection({ url })} />);
    act(() =>
      socket.serverSend({ topic: WINNERS.name, event: 'error', data: { error: 'You do not have access to this.' } }),
    );
    expect(screen.getByText('Refused: You do not have access to this.')).toBeTruthy();
  });
});

describe('useLiveList: the one LiveList', () => {
  function Categories({ texts }: { texts?: { refused?: string; invalid?: string } }) {
    const list = useLiveList(topicRef('adminPredictionCategories'), (data) => data.categories?.Categories, texts);
    return (
      <p>{`items ${list.items?.map((c) => c.Title).join(',') ?? 'none'}; refused ${list.refused ?? 'no'}; failed ${list.failed}`}</p>
    );
  }

  it('lists the items, fails on bad data only while it has none, and names the refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const topic = 'admin/prediction-categories';
    const socket = open(<Categories texts={{ invalid: 'Bad list' }} />);
    act(() => socket.serverSend({ topic, event: 'prediction-categories', data: { Categories: 'nope' } }));
    expect(screen.getByText('items none; refused no; failed true')).toBeTruthy();
    expect(await screen.findByText('Bad list')).toBeTruthy();
    expect(screen.queryByText(messages.stream.badData)).toBeNull();
    act(() =>
      socket.serverSend({
        topic,
        event: 'prediction-categories',
        data: { Categories: [{ ID: 'c1', Title: 'Football', PredictionCount: 1 }] },
      }),
    );
    expect(screen.getByText('items Football; refused no; failed false')).toBeTruthy();
    act(() => socket.serverSend({ topic, event: 'prediction-categories', data: { Categories: [{ ID: 'c1' }] } }));
    expect(screen.getByText('items Football; refused no; failed false')).toBeTruthy();
    act(() => socket.serverSend({ topic, event: 'error', data: { error: 'Nope.' } }));
    expect(screen.getByText('items Football; refused Nope.; failed true')).toBeTruthy();
  });

  it("shows the spec's refusal text when it names one", async () => {
    const socket = open(<Categories texts={{ refused: 'Failed to connect to categories' }} />);
    act(() => socket.serverSend({ topic: 'admin/prediction-categories', event: 'error', data: { error: 'Nope.' } }));
    expect(await screen.findByText('Failed to connect to categories')).toBeTruthy();
  });
});
