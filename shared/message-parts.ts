/**
 * API Gateway WebSocket limits (API Gateway quotas: a message is at most
 * 128 KB): a topic event whose JSON would be larger — the admin partner list
 * or winners list once they grow — is sent as several messages, each holding
 * a slice of its one list, and put back together by the client before any
 * screen sees it. Screens keep receiving one whole event. The other way
 * round, several small messages for one socket travel together in one
 * batch (`framesOf`, `messagesOfFrame`).
 */
import type { ServerMessage } from './topics';

/** Largest message the server sends: under the 128 KB quota, with room for API Gateway's framing. */
export const MAX_MESSAGE_BYTES = 96 * 1024;

/** `part` of a sliced event: slice `index` of `count`; `key` names the list inside `data` (absent: `data` is the list). */
interface MessagePart {
  index: number;
  count: number;
  key?: string;
}

export type PartialServerMessage = ServerMessage & { part?: MessagePart };

const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** Where the event's list is: `data` itself, or its largest array property. */
function listOf(data: unknown): { key?: string; list: unknown[] } | undefined {
  if (Array.isArray(data)) return { list: data };
  if (typeof data !== 'object' || data === null) return undefined;
  let found: { key: string; list: unknown[] } | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value) && (!found || value.length > found.list.length)) found = { key, list: value };
  }
  return found;
}

/**
 * The message as it goes on the wire: itself when small enough, else one
 * message per slice of its list, each at most `maxBytes` (a single list item
 * larger than that still goes alone: nothing in the product comes near).
 */
export function splitMessage(message: ServerMessage, maxBytes = MAX_MESSAGE_BYTES): PartialServerMessage[] {
  if (bytes(message) <= maxBytes) return [message];
  const found = listOf(message.data);
  if (!found) return [message];
  const withList = (list: unknown[]) =>
    found.key === undefined ? list : { ...(message.data as object), [found.key]: list };
  // the envelope of a slice (an empty list and the largest part marker), then the items by their size plus a comma
  const envelope = bytes({ ...message, data: withList([]), part: { index: 999_999, count: 999_999, key: found.key } });
  const slices: unknown[][] = [];
  let slice: unknown[] = [];
  let size = envelope;
  for (const item of found.list) {
    const itemBytes = bytes(item) + 1;
    if (slice.length > 0 && size + itemBytes > maxBytes) {
      slices.push(slice);
      slice = [];
      size = envelope;
    }
    slice.push(item);
    size += itemBytes;
  }
  slices.push(slice);
  return slices.map((list, index) => ({
    ...message,
    data: withList(list),
    part: { index, count: slices.length, ...(found.key === undefined ? {} : { key: found.key }) },
  }));
}

/**
 * Puts sliced events back together, per topic and event. Slices of one event
 * arrive in order on one socket; a slice 0 starts over (a newer snapshot
 * supersedes an unfinished one).
 */
export class MessageAssembler {
  private readonly pending = new Map<
    string,
    { count: number; key?: string; first: ServerMessage; lists: unknown[][] }
  >();

  /** The whole message once complete (a message without `part` at once), else undefined. */
  accept(message: PartialServerMessage): ServerMessage | undefined {
    const { part, ...whole } = message;
    if (!part) return message;
    const id = `${message.topic}\n${message.event}`;
    const list = part.key === undefined ? message.data : (message.data as Record<string, unknown> | null)?.[part.key];
    if (!Array.isArray(list) || !(part.count > 0) || !(part.index >= 0)) return undefined;
    if (part.index === 0) this.pending.set(id, { count: part.count, key: part.key, first: whole, lists: [] });
    const building = this.pending.get(id);
    if (!building || building.lists.length !== part.index || building.count !== part.count) {
      this.pending.delete(id);
      return undefined;
    }
    building.lists.push(list);
    if (building.lists.length < building.count) return undefined;
    this.pending.delete(id);
    const all = building.lists.flat();
    const data = building.key === undefined ? all : { ...(building.first.data as object), [building.key]: all };
    return { ...building.first, data };
  }
}

/**
 * Several messages (whole events, or slices of one) in one WebSocket
 * message: what one change brings a subscriber of several topics, or one
 * topic of several events (the admin overview's four), goes out as ONE
 * @connections post (DESIGN section 9: 500 dashboards within 1 s). Clients
 * apply its messages in order, each exactly as if it had come alone.
 */
interface MessageBatch {
  events: PartialServerMessage[];
}

/** One WebSocket message from the server: a single message, or a batch of them. */
export type ServerFrame = PartialServerMessage | MessageBatch;

/** `{"events":[]}`: a batch's bytes besides its messages and the commas between them. */
const BATCH_ENVELOPE_BYTES = bytes({ events: [] });

/**
 * The frames that carry `messages`, in order: as few as the size limit
 * allows — one when they fit together — each at most `maxBytes`. An event
 * over the limit is sliced first (splitMessage); its slices share frames
 * with the events around them. A frame of one message is that message alone.
 */
export function framesOf(messages: readonly ServerMessage[], maxBytes = MAX_MESSAGE_BYTES): ServerFrame[] {
  const frames: PartialServerMessage[][] = [];
  let frame: PartialServerMessage[] = [];
  let size = BATCH_ENVELOPE_BYTES;
  for (const part of messages.flatMap((message) => splitMessage(message, maxBytes))) {
    // each message after the first also costs a comma
    const partBytes = bytes(part) + 1;
    if (frame.length > 0 && size + partBytes > maxBytes) {
      frames.push(frame);
      frame = [];
      size = BATCH_ENVELOPE_BYTES;
    }
    frame.push(part);
    size += partBytes;
  }
  if (frame.length > 0) frames.push(frame);
  return frames.map((parts) => (parts.length === 1 ? parts[0]! : { events: parts }));
}

/** The messages a received frame carries, in order (unchecked: the receiver checks each as it would a lone one). */
export function messagesOfFrame(frame: unknown): unknown[] {
  const batch = frame as Partial<MessageBatch> | null;
  return batch !== null && typeof batch === 'object' && Array.isArray(batch.events) ? batch.events : [frame];
}
