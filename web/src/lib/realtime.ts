/**
 * The staff portals' one live connection (DESIGN section 6): a TopicSocket
 * (./topic-socket.ts: a WebSocket to `/ws` per browser tab, open only while
 * the tab is visible and someone listens, re-subscribing every topic after a
 * loss) that tells a loss as the spec asks: the 'Please refresh your browser.
 * ERROR CODE: v1477' toast (id `refresh-toast`) and a 'Reconnecting...'
 * loading toast while it retries every 5 seconds, both cleared once open
 * again (spec sections 4, 8, 9). Screens use the `useTopic` hook
 * (hooks/use-topic.ts), not this module.
 */
import { messages } from '@shared/messages';
import { toast } from './toast';
import { TopicSocket, type TopicSocketOptions } from './topic-socket';

export type { ConnectionStatus } from './topic-socket';

const RECONNECTING_TOAST_ID = 'reconnecting-toast';

const lossToasts = {
  shown() {
    toast.error(messages.stream.refresh, { id: messages.stream.refreshToastId, duration: Number.POSITIVE_INFINITY });
    toast.loading(messages.stream.reconnecting, { id: RECONNECTING_TOAST_ID });
  },
  cleared() {
    toast.dismiss(RECONNECTING_TOAST_ID);
    toast.dismiss(messages.stream.refreshToastId);
  },
};

export class RealtimeConnection extends TopicSocket {
  constructor(options: Omit<TopicSocketOptions, 'lossNotice'> = {}) {
    super({ ...options, lossNotice: lossToasts });
  }
}

/** The page's one connection. */
export const realtime = new RealtimeConnection();
