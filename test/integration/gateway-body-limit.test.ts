import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { sharedStack } from '../support/stack-target';

/**
 * The local gateway holds at most API Gateway's 10 MB of a request body
 * (DESIGN section 7): a body declared or sent past it gets 413 {error} at
 * once, and the rest is never read.
 */
const LIMIT = 10 * 1024 * 1024;

function openSocket(): Promise<Socket> {
  const { hostname, port } = new URL(sharedStack().baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) }, () =>
      resolve(socket),
    );
    socket.once('error', reject);
  });
}

/** Everything the gateway writes back until it closes the connection. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}

const head = (extra: string) =>
  `POST ${routes.adminLogin.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n${extra}\r\n`;

describe('the local gateway body limit', () => {
  it('answers 413 {error} as soon as the declared length is past the limit, without waiting for the body', async () => {
    const socket = await openSocket();
    const answer = answerOf(socket);
    // the headers only: a gateway that reads the body first would wait here forever
    socket.write(head(`Content-Length: ${LIMIT * 2}\r\n`));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: messages.http.tooLarge });
  });

  it('stops reading a chunked body at the limit: the connection closes long before the rest is sent', async () => {
    const socket = await openSocket();
    const answer = answerOf(socket);
    let closed = false;
    socket.once('close', () => (closed = true));
    socket.write(head('Transfer-Encoding: chunked\r\n'));
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    // up to 4× the limit; the gateway refuses after the limit and closes, ending this loop early
    while (!closed && sent < LIMIT * 4) {
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      const flushed = socket.write(frame);
      sent += chunk.length;
      if (!flushed)
        await new Promise<void>((done) => {
          socket.once('drain', done);
          socket.once('close', done);
        });
    }
    const text = await answer;
    expect(sent).toBeLessThan(LIMIT * 4);
    // a client still sending may see the connection reset before it reads the answer; when it reads one, it is the 413
    if (text !== '') expect(text).toMatch(/^HTTP\/1\.1 413 /);
  });
});
