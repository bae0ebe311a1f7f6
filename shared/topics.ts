/**
 * WebSocket topics (DESIGN section 6). Clients send
 * `{"action":"subscribe","topic":"admin/overview"}`; every server message is
 * `{"topic","event","data"}`, sent alone or with others in one batch frame
 * `{"events":[...]}` (shared/message-parts.ts). Who may read a topic is decided server-side in
 * functions/realtime/topics.ts; this module is the shared vocabulary.
 */
export const topicNames = {
  adminOverview: 'admin/overview',
  adminDrawList: 'admin/draw-list',
  adminWinners: 'admin/winners',
  adminPartners: 'admin/partners',
  adminAnnouncers: 'admin/announcers',
  adminAssignments: 'admin/assignments',
  adminPartnerOptions: 'admin/partner-options',
  adminPredictions: 'admin/predictions',
  adminPredictionCategories: 'admin/prediction-categories',
  adminPayouts: 'admin/payouts',
  partnerDashboard: (partnerId: string) => `partner/${partnerId}/dashboard`,
  announcerDashboard: (announcerId: string) => `announcer/${announcerId}/dashboard`,
  /** The admin header's notifications dropdown (issue 9): that admin only, with its own read state. */
  adminNotifications: (adminId: string) => `admin/${adminId}/notifications`,
} as const;

export type ClientAction = 'subscribe' | 'unsubscribe';

export interface ClientMessage {
  action: ClientAction;
  topic: string;
}

export interface ServerMessage<T = unknown> {
  topic: string;
  event: string;
  data: T;
}

/** The event a refused or failed subscription gets: data is `{error}`. */
export const TOPIC_ERROR_EVENT = 'error';

/** Spec section 9: streams reconnect every 5 seconds after a loss. */
export const RECONNECT_DELAY_MS = 5000;

/** Topics are short ASCII paths; anything else is refused before any lookup. */
export const TOPIC_PATTERN = /^[a-z-]+(\/[A-Za-z0-9_-]{1,64}){1,2}$/;
