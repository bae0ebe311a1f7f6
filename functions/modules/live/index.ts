/**
 * Live updates (DESIGN section 6): the topic catalogue's server side, the
 * WebSocket connections and subscriptions, and the fan-out of each table
 * change to the dashboards that watch it. The module's entry.
 */

export { audiencesOf } from './audiences';
export { socketOriginAllowed } from './origin';
export { closeConnection, publishTopics, sendToConnection } from './publisher';
export { closeOutdatedStreams, closeSessionStreams, credentialChangeOf, endedSessionOf } from './session-streams';
export {
  connectionsOfUser,
  deleteStaffConnection,
  getConnection,
  saveConnection,
} from './store/connections';
export {
  addSubscription,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  removeSubscription,
  subscribersOf,
} from './store/subscriptions';
export { spendFrame } from './store/frame-budget';
export { sweepConnections } from './sweep-connections';
export { partnerAnnouncersGroup, subscribedTopicsGroup } from './topic-groups';
export { TopicRefusal, type ServedTopic } from './topic-definition';
export { resolveTopic, topicDefinitions } from './topics';
export { adminPartnersTopic } from './topics/admin-partners';
