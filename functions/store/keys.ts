/**
 * Key shapes of the single table (DESIGN section 2). Every item's pk/sk and
 * GSI keys are built here and nowhere else.
 *
 * | item                 | pk                     | sk              | gsi1pk / gsi1sk             | gsi2pk / gsi2sk         |
 * |----------------------|------------------------|-----------------|-----------------------------|-------------------------|
 * | staff user           | USER#<id>              | PROFILE         | ROLE#<role> / <username>#<id> |                       |
 * | unique value marker  | UNIQUE#<kind>#<value>  | UNIQUE          |                             |                         |
 * | session              | SESSION#<sha256(sid)>  | SESSION         |                             | USERSESSIONS#<userId> / <createdAt> |
 * | login throttle       | THROTTLE#<scope>#<key> | THROTTLE        |                             |                         |
 * | ws connection        | CONN#<connectionId>    | META            |                             | SESSIONCONNS#<sessionKey> / <connectionId> |
 * | ws subscription      | CONN#<connectionId>    | SUB#<topic>     | TOPIC#<topic> / <connectionId> |                      |
 */
export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  usersByRole: (role: string) => `ROLE#${role}`,
  unique: (kind: 'email' | 'partnerCode' | 'announcerCode' | 'sharedCode' | string, value: string) => ({
    pk: `UNIQUE#${kind}#${value.toLowerCase()}`,
    sk: 'UNIQUE',
  }),
  session: (sessionKey: string) => ({ pk: `SESSION#${sessionKey}`, sk: 'SESSION' }),
  userSessions: (userId: string) => `USERSESSIONS#${userId}`,
  throttle: (scope: 'account' | 'address', key: string) => ({ pk: `THROTTLE#${scope}#${key.toLowerCase()}`, sk: 'THROTTLE' }),
  connection: (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'META' }),
  subscription: (connectionId: string, topic: string) => ({ pk: `CONN#${connectionId}`, sk: `SUB#${topic}` }),
  topicSubscribers: (topic: string) => `TOPIC#${topic}`,
  sessionConnections: (sessionKey: string) => `SESSIONCONNS#${sessionKey}`,
} as const;

/** Key prefixes whose changes never concern a live topic (the fan-out skips them cheaply). */
export const QUIET_PREFIXES = ['SESSION#', 'THROTTLE#', 'CONN#', 'UNIQUE#'] as const;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
