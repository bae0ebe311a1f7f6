// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { topicCatalogue, topicNames, TOPIC_ERROR_EVENT } from '@shared/topics';
import {
  ENTRY_FOLLOW_LIMIT_MS,
  ENTRY_POLL_INTERVAL_MS,
  ENTRY_POLL_MAX_MS,
} from '@web/features/play/hooks/use-entry-status';
import { FakeWebSocket, setTabVisibility } from './support/fake-websocket';
import { api, flush, renderForm, statusRequests, onFakeTimeEachTest } from './support/entry-page';
import { json } from './support/fetch';

/**
 * Players are pushed, not polled (issue 32): the entry page follows its entry
 * over one socket that names it when connecting — the status the server sends
 * unasked, then the change — and asks by HTTP
 * only while that socket is not open (2 s, 4 s, 8 s … at most 30 s apart), and
 * once at the prompt's expiry.
 */
const ENTRY_ID = 'ent_123';
const TOPIC = topicNames.entry(ENTRY_ID);
const STATUS = topicCatalogue.entry.events.status;
const EXPIRES_IN_MS = 90_000;
const MASKED = '2317****56';

const pending = (from: number) => ({
  status: 'pending',
  expires_at: new Date(from + EXPIRES_IN_MS).toISOString(),
  amount: '100.00',
  currency: 'LRD',
  masked_mobile_number: MASKED,
});

async function submitted() {
  const form = await renderForm();
  fireEvent.change(form.mobile, { target: { value: '0777 123 456' } });
  fireEvent.change(form.amount, { target: { value: '100.00|LRD' } });
  fireEvent.click(form.adult);
  form.submit();
  await flush();
  return FakeWebSocket.latest();
}

const push = (socket: FakeWebSocket, data: unknown, event: string = STATUS) =>
  act(() => socket.serverSend({ topic: TOPIC, event, data }));
const phase = () => screen.getByRole('status').querySelector('[data-entry-phase]')?.getAttribute('data-entry-phase');

onFakeTimeEachTest(() => setTabVisibility('visible'));

describe('the entry page, pushed', () => {
  it('names the entry when its one socket connects (no frame), shows the pushed status and ticket, and never asks by HTTP', async () => {
    const submittedAt = Date.now();
    const { requests } = api();
    const socket = await submitted();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.url).toMatch(new RegExp(`/ws\\?entry=${ENTRY_ID}$`));
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual([]);

    push(socket, pending(submittedAt));
    expect(screen.getByRole('status').textContent).toContain(messages.entryForm.approvePrompt('100.00 LRD', MASKED));
    await flush(ENTRY_POLL_MAX_MS * 2);
    expect(statusRequests(requests)).toEqual([]);

    push(socket, { ...pending(submittedAt), status: 'paid', ticket_number: 'DD-7K2M-9QX4' });
    expect(screen.getByText('DD-7K2M-9QX4')).toBeTruthy();
    expect(phase()).toBe('paid');
    // done: the socket is closed, still without a frame, and nothing is asked
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(socket.sent).toEqual([]);
    await flush(EXPIRES_IN_MS * 2);
    expect(statusRequests(requests)).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('shows a pushed failure with its advice', async () => {
    api();
    const socket = await submitted();
    act(() => socket.serverOpen());
    push(socket, { ...pending(Date.now()), status: 'failed', reason: 'x', reason_code: 'declined' });
    expect(screen.getByRole('status').querySelector('[data-entry-failure="declined"]')?.textContent).toContain(
      messages.entry.advice.declined,
    );
  });

  it('asks by HTTP only while the socket is not open, each time twice as long after, and stops once it is open', async () => {
    const submittedAt = Date.now();
    const { requests, statusAnswers } = api();
    for (let i = 0; i < 10; i += 1) statusAnswers.push(() => json(200, pending(submittedAt)));
    const socket = await submitted();
    // not open yet: asked after 2 s, then 4 s more, then 8 s more
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(requests)).toHaveLength(1);
    await flush(ENTRY_POLL_INTERVAL_MS * 2);
    expect(statusRequests(requests)).toHaveLength(2);
    await flush(ENTRY_POLL_INTERVAL_MS * 4 - 1);
    expect(statusRequests(requests)).toHaveLength(2);
    await flush(1);
    expect(statusRequests(requests)).toHaveLength(3);

    act(() => socket.serverOpen());
    push(socket, pending(submittedAt));
    await flush(30_000);
    expect(statusRequests(requests)).toHaveLength(3);

    // lost: asked again from 2 s while it retries (every 5 s), then silent once it is open again
    act(() => socket.serverDrop());
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(requests)).toHaveLength(4);
    await flush(3_000);
    const again = FakeWebSocket.latest();
    expect(again).not.toBe(socket);
    act(() => again.serverOpen());
    // the new socket names the entry again: the server sends its status unasked
    expect(again.url).toBe(socket.url);
    expect(again.sent).toEqual([]);
    await flush(ENTRY_POLL_INTERVAL_MS * 4);
    expect(statusRequests(requests)).toHaveLength(4);
  });

  it('asks once at the expiry itself while the socket is open: still pending is expired', async () => {
    const submittedAt = Date.now();
    const { requests } = api({ status: () => json(200, pending(submittedAt)) });
    const socket = await submitted();
    act(() => socket.serverOpen());
    push(socket, pending(submittedAt));
    await flush(EXPIRES_IN_MS - 1);
    expect(statusRequests(requests)).toEqual([]);
    await flush(1);
    expect(statusRequests(requests)).toHaveLength(1);
    expect(phase()).toBe('expired');
    await flush(ENTRY_POLL_MAX_MS * 4);
    expect(statusRequests(requests)).toHaveLength(1);
  });

  it('falls back to HTTP when the topic is refused, and says an entry the API does not know is unconfirmed', async () => {
    const { requests } = api({ status: () => json(404, { error: messages.refusals.noSuchEntry }) });
    const socket = await submitted();
    act(() => socket.serverOpen());
    push(socket, { error: messages.refusals.noSuchEntry }, TOPIC_ERROR_EVENT);
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(requests)).toHaveLength(1);
    expect(screen.getByText(/will reach you by\s+SMS/)).toBeTruthy();
  });

  it('a tab hidden closes the socket and asks by HTTP meanwhile; shown again, the socket takes over', async () => {
    const submittedAt = Date.now();
    const { requests } = api({ status: () => json(200, pending(submittedAt)) });
    const socket = await submitted();
    act(() => socket.serverOpen());
    push(socket, pending(submittedAt));
    act(() => setTabVisibility('hidden'));
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await flush(ENTRY_POLL_INTERVAL_MS);
    expect(statusRequests(requests)).toHaveLength(1);
    act(() => setTabVisibility('visible'));
    act(() => FakeWebSocket.latest().serverOpen());
    expect(FakeWebSocket.latest().url).toBe(socket.url);
    expect(FakeWebSocket.latest().sent).toEqual([]);
    await flush(ENTRY_FOLLOW_LIMIT_MS / 20);
    expect(statusRequests(requests)).toHaveLength(1);
  });
});
