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
 * | announcer (user item)| USER#<id>              | PROFILE         | ROLE#announcer / …          | PARTNERANNOUNCERS#<partnerId> / <username>#<id> |
 * | balance / ledger     | USER#<id>              | BALANCE#… / LEDGER#… (functions/store/balances.ts) |  |                    |
 * | audit line           | AUDIT                  | <iso>#<uuid>    |                             |                         |
 * | promotion            | PROMO#<id>             | PROMOTION       | PROMOTIONS / <title>#<id>   |                         |
 * | assignment           | ASSIGN#<id>            | ASSIGNMENT      | ASSIGNMENTS / <partnerId>#<promotionId> | PROMOASSIGN#<promotionId> / <partnerId> |
 * | house settings       | SETTINGS               | HOUSE           |                             |                         |
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
  partnerAnnouncers: (partnerId: string) => `PARTNERANNOUNCERS#${partnerId}`,
  promotion: (id: string) => ({ pk: `PROMO#${id}`, sk: 'PROMOTION' }),
  promotionsIndex: 'PROMOTIONS',
  assignment: (id: string) => ({ pk: `ASSIGN#${id}`, sk: 'ASSIGNMENT' }),
  assignmentsIndex: 'ASSIGNMENTS',
  /** gsi1sk of an assignment: list a partner's with begins_with(`<partnerId>#`). */
  assignmentPartnerSort: (partnerId: string, promotionId: string) => `${partnerId}#${promotionId}`,
  promotionAssignments: (promotionId: string) => `PROMOASSIGN#${promotionId}`,
  settings: { pk: 'SETTINGS', sk: 'HOUSE' },
} as const;

/** Key prefixes whose changes never concern a live topic (the fan-out skips them cheaply). */
export const QUIET_PREFIXES = ['SESSION#', 'THROTTLE#', 'CONN#', 'UNIQUE#'] as const;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
