import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_BYTES,
  MessageAssembler,
  framesOf,
  messagesOfFrame,
  splitMessage,
  type PartialServerMessage,
} from '@shared/message-parts';

const size = (message: unknown) => Buffer.byteLength(JSON.stringify(message));
const partners = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `partner-${i}`,
    Username: `Radio ${i} FM — Monrovia`,
    Balances: [{ promotion: 'Daily', cents: i }],
  }));

describe('WebSocket messages over the 128 KB quota', () => {
  it('leaves a message within the limit as it is', () => {
    const message = { topic: 'admin/overview', event: 'counts', data: { total: 3 } };
    expect(splitMessage(message)).toEqual([message]);
  });

  it("slices the event's list so every message is within the limit, and the assembler gives back the whole event", () => {
    const whole = { topic: 'admin/partners', event: 'partners', data: { Partners: partners(5000), updatedAt: 'now' } };
    expect(size(whole)).toBeGreaterThan(128 * 1024);
    const parts = splitMessage(whole);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(size(part)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const assembler = new MessageAssembler();
    const results = parts.map((part) => assembler.accept(JSON.parse(JSON.stringify(part))));
    expect(results.slice(0, -1).every((r) => r === undefined)).toBe(true);
    expect(results.at(-1)).toEqual(whole);
  });

  it('slices an event whose data is itself the list', () => {
    const whole = {
      topic: 'admin/partner-options',
      event: 'partner-options',
      data: partners(4000).map((p) => ({ label: p.Username, value: p.id })),
    };
    const parts = splitMessage(whole, 16 * 1024);
    expect(parts.length).toBeGreaterThan(4);
    const assembler = new MessageAssembler();
    expect(parts.map((p) => assembler.accept(p)).at(-1)).toEqual(whole);
  });

  it('drops an unfinished event when a newer one starts, and ignores slices out of order', () => {
    const older = splitMessage(
      { topic: 't/x', event: 'e', data: [...'a'.repeat(300)].map((_, i) => `old-${i}`) },
      1024,
    );
    const newer = splitMessage(
      { topic: 't/x', event: 'e', data: [...'a'.repeat(300)].map((_, i) => `new-${i}`) },
      1024,
    );
    const assembler = new MessageAssembler();
    assembler.accept(older[0]!);
    assembler.accept(older[1]!);
    const whole = newer.map((p) => assembler.accept(p)).at(-1);
    expect((whole?.data as string[])[0]).toBe('new-0');
    expect((whole?.data as string[]).length).toBe(300);
    expect(assembler.accept(newer[1]!)).toBeUndefined();
  });
});

describe('several messages for one socket in as few frames as the quota allows', () => {
  const overview = ['daily_draw', 'draw_history_all', 'total_winner_history', 'recent_tax_settings'].map(
    (event, i) => ({ topic: 'admin/overview', event, data: { n: i } }),
  );

  it('sends one message alone, as it always was', () => {
    expect(framesOf([overview[0]!])).toEqual([overview[0]]);
  });

  it('puts the events of one change, over several topics, in ONE batch frame, in order', () => {
    const winners = { topic: 'admin/winners', event: 'winners', data: { Winners: [] } };
    const frames = framesOf([...overview, winners]);
    expect(frames).toEqual([{ events: [...overview, winners] }]);
    expect(messagesOfFrame(JSON.parse(JSON.stringify(frames[0])))).toEqual([...overview, winners]);
  });

  it('keeps every frame within the limit when a list is too long, and the receiver gets every event whole, in order', () => {
    const list = { topic: 'admin/partners', event: 'partners', data: { Partners: partners(5000) } };
    const sent = [overview[0]!, list, ...overview.slice(1)];
    const frames = framesOf(sent);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(size(frame)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    // here the small events fit beside the slices: no frame of its own for any of them
    expect(frames.length).toBe(splitMessage(list).length);
    const assembler = new MessageAssembler();
    const received = frames
      .flatMap((frame) => messagesOfFrame(JSON.parse(JSON.stringify(frame))))
      .flatMap((message) => assembler.accept(message as PartialServerMessage) ?? []);
    expect(received).toEqual(sent);
  });

  it('reads a lone message as itself, whatever it holds', () => {
    expect(messagesOfFrame({ topic: 't/x', event: 'e', data: 1 })).toEqual([{ topic: 't/x', event: 'e', data: 1 }]);
    expect(messagesOfFrame(null)).toEqual([null]);
    expect(messagesOfFrame('text')).toEqual(['text']);
  });
});
