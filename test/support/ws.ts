import { stackBaseUrl } from './stack-target';
import WebSocket from 'ws';
import { messagesOfFrame, type ServerFrame } from '@shared/message-parts';
import type { ServerMessage } from '@shared/topics';

/** A real WebSocket client to the local gateway's /ws, with a message log to wait on. */
export class TopicClient {
  /** Every message received, in order: a batch frame's messages one by one, as the web applies them. */
  readonly messages: ServerMessage[] = [];
  /** The WebSocket messages themselves, as received (one per @connections post). */
  readonly frames: ServerFrame[] = [];
  /** Resolves with the close code once the socket has closed (by either side). */
  readonly closed: Promise<number>;
  /** The close frame's reason, once closed ('' if none). */
  closeReason = '';
  private readonly waiters: Array<() => void> = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      this.messages.push(...(messagesOfFrame(frame) as ServerMessage[]));
      for (const wake of this.waiters.splice(0)) wake();
    });
    // a server that closes the socket (e.g. on a bad frame) is part of what tests watch
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => {
        this.closeReason = reason.toString();
        resolve(code);
      }),
    );
  }

  /**
   * Open a socket as a browser tab would; `origin` is the page's Origin header (none by default, as a non-browser
   * client); `entry`, the entry an entry's page names when it connects (`/ws?entry=<id>`: it watches it from then on).
   */
  static connect(
    cookie?: string,
    options: { origin?: string; baseUrl?: string; entry?: string } = {},
  ): Promise<TopicClient> {
    const query = options.entry === undefined ? '' : `?entry=${encodeURIComponent(options.entry)}`;
    const url = `${(options.baseUrl ?? stackBaseUrl()).replace(/^http/, 'ws')}/ws${query}`;
    const socket = new WebSocket(url, {
      headers: cookie ? { cookie } : {},
      ...(options.origin ? { origin: options.origin } : {}),
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new TopicClient(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(action: string, topic: string): void {
    this.socket.send(JSON.stringify({ action, topic }));
  }

  /** Send a frame as given: any text, or binary data. */
  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.socket.send(data, { binary: options.binary ?? false });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  subscribe(topic: string): void {
    this.send('subscribe', topic);
  }

  /**
   * Wait until a received message satisfies `predicate` (checks past messages first). The default
   * deadline is long (a fan-out on a loaded 2-core machine can take seconds): it costs time only when
   * the message never comes.
   */
  async waitFor<T = unknown>(
    predicate: (message: ServerMessage<T>) => boolean,
    timeoutMs = 20_000,
  ): Promise<ServerMessage<T>> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      for (; seen < this.messages.length; seen += 1) {
        const message = this.messages[seen] as ServerMessage<T>;
        if (predicate(message)) return message;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }

  terminate(): void {
    this.socket.terminate();
  }
}
