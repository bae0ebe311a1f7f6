/**
 * A live connection's socket (DESIGN section 6): a WebSocket to `/ws`, open
 * only while the tab is visible and someone listens, with
 * `subscribe`/`unsubscribe` messages per topic; after a loss it retries every
 * 5 seconds and, once open again, subscribes every topic again, so each
 * listener gets a fresh snapshot. It says nothing itself: the staff portals'
 * connection (./realtime.ts) tells a loss with toasts through `lossNotice`,
 * and the public entry page (features/play) follows its entry with it
 * without pulling the staff toasts into its chunk.
 */
import { MessageAssembler, messagesOfFrame, type PartialServerMessage } from '@shared/message-parts';
import { RECONNECT_DELAY_MS, type ClientMessage, type ServerMessage } from '@shared/topics';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export type TopicListener = (message: ServerMessage) => void;
export type StatusListener = (status: ConnectionStatus) => void;

export interface TopicSocketOptions {
  /** The socket address; defaults to this page's origin at `/ws`. */
  url?: () => string;
  /** Milliseconds between reconnection attempts (spec: 5 s). */
  reconnectDelayMs?: number;
  /** Told when a loss is to be shown (the socket closed unasked; a retry is due) and when that is over. */
  lossNotice?: { shown(): void; cleared(): void };
  /**
   * The last topic left closes the socket without an `unsubscribe` frame:
   * the close drops every subscription on the server ($disconnect). For a
   * page that follows one topic and counts its frames (the entry page).
   */
  leaveByClosing?: boolean;
  /**
   * A topic the socket's address subscribes (an entry's page connects to
   * `/ws?entry=<id>`, and the server sends its status unasked): no
   * `subscribe` frame goes for it, on opening or on reconnecting.
   */
  subscribedByUrl?: string;
}

/** This page's socket address (`/ws` on its own origin), with a query string if given. */
export function pageSocketUrl(query = ''): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws${query}`;
}

/**
 * Topic subscriptions over one socket. Listeners are kept per topic; the
 * socket exists only while at least one topic has a listener and the
 * document is visible.
 */
export class TopicSocket {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<TopicListener>>();
  /** The latest message per topic and event, so a second screen on a topic starts from the snapshot too. */
  private readonly latest = new Map<string, Map<string, ServerMessage>>();
  private readonly statusListeners = new Set<StatusListener>();
  private status: ConnectionStatus = 'idle';
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly url: () => string;
  private readonly reconnectDelayMs: number;
  private visibilityBound = false;
  private assembler = new MessageAssembler();
  private readonly lossNotice: NonNullable<TopicSocketOptions['lossNotice']> | undefined;
  private readonly leaveByClosing: boolean;
  private readonly subscribedByUrl: string | undefined;

  constructor(options: TopicSocketOptions = {}) {
    this.url = options.url ?? (() => pageSocketUrl());
    this.reconnectDelayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    this.lossNotice = options.lossNotice;
    this.leaveByClosing = options.leaveByClosing === true;
    this.subscribedByUrl = options.subscribedByUrl;
  }

  /** Listen to a topic; returns the function that stops listening. */
  subscribe(topic: string, listener: TopicListener): () => void {
    this.bindVisibility();
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    if (!first) for (const message of this.latest.get(topic)?.values() ?? []) listener(message);
    else if (topic !== this.subscribedByUrl) this.send({ action: 'subscribe', topic });
    this.ensureOpen();
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(topic);
      this.latest.delete(topic);
      const last = this.listeners.size === 0;
      if (!(last && this.leaveByClosing)) this.send({ action: 'unsubscribe', topic });
      if (last) this.shutDown();
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private get visible(): boolean {
    return typeof document === 'undefined' || document.visibilityState !== 'hidden';
  }

  private bindVisibility(): void {
    if (this.visibilityBound || typeof document === 'undefined') return;
    this.visibilityBound = true;
    // DESIGN section 6: open while the tab is visible, closed when hidden.
    document.addEventListener('visibilitychange', () => {
      if (this.visible) this.ensureOpen();
      else this.shutDown();
    });
  }

  private ensureOpen(): void {
    if (this.socket || this.retryTimer || this.listeners.size === 0 || !this.visible) return;
    this.open();
  }

  private open(): void {
    this.setStatus(this.status === 'reconnecting' ? 'reconnecting' : 'connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      console.error('WebSocket could not be opened', error);
      this.lost();
      return;
    }
    this.socket = socket;
    // slices of an event never span two sockets
    this.assembler = new MessageAssembler();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lossNotice?.cleared();
      this.setStatus('open');
      for (const topic of this.listeners.keys())
        if (topic !== this.subscribedByUrl) this.send({ action: 'subscribe', topic });
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket === socket) this.deliver(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
    // An error is always followed by a close, which schedules the retry.
    socket.onerror = () => console.error('WebSocket connection lost');
  }

  /** The socket closed without us asking: say so (lossNotice), retry in 5 s. */
  private lost(): void {
    if (this.listeners.size === 0 || !this.visible) {
      this.setStatus('idle');
      return;
    }
    this.lossNotice?.shown();
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureOpen();
    }, this.reconnectDelayMs);
  }

  /** Closing on purpose (tab hidden, nobody listening): no loss to tell, no retry. */
  private shutDown(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
    }
    this.lossNotice?.cleared();
    this.setStatus('idle');
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private deliver(raw: unknown): void {
    let frame: unknown;
    try {
      frame = JSON.parse(String(raw));
    } catch (error) {
      // Spec section 8: socket parse errors are only logged.
      console.error('Unreadable live message', error);
      return;
    }
    // a batch frame carries several messages (one change, several topics or events): each as if it came alone
    for (const received of messagesOfFrame(frame)) this.apply(received as PartialServerMessage);
  }

  private apply(received: PartialServerMessage): void {
    if (!received || typeof received.topic !== 'string' || typeof received.event !== 'string') {
      console.error('Live message without topic or event', received);
      return;
    }
    // a list too long for one WebSocket message comes in slices: screens see it whole
    const message = this.assembler.accept(received);
    if (!message) return;
    const listeners = this.listeners.get(message.topic);
    if (!listeners) return;
    let events = this.latest.get(message.topic);
    if (!events) {
      events = new Map();
      this.latest.set(message.topic, events);
    }
    events.set(message.event, message);
    for (const listener of listeners) listener(message);
  }
}
