import { act } from '@testing-library/react';
import type { ServerFrame } from '@shared/message-parts';
import type { ClientMessage } from '@shared/topics';

/**
 * A browser WebSocket stand-in for component tests in jsdom: records what the
 * page sends and lets a test play the server (open, push a message, drop the
 * connection). Journeys against the real /ws live in test/e2e.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: ClientMessage[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepts the connection. */
  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server pushes a message (raw text when a string is given). */
  serverSend(message: ServerFrame | string): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection is lost. */
  serverDrop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  subscribedTopics(): string[] {
    return this.sent.filter((m) => m.action === 'subscribe').map((m) => m.topic);
  }
}

/** Set `document.visibilityState` and fire `visibilitychange`. */
export function setTabVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** The socket the page opened last, once the server has accepted it. */
export function openLatestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpen());
  return socket;
}
