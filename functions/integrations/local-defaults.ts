/**
 * The local stack's fixed integration secrets (listed in the README's "Local
 * default secrets" table). In AWS these come from Secrets Manager; locally
 * they are constants so the simulator, the USSD tests and the functions agree
 * with no configuration. They live under functions/ because functions may not
 * import from infra/; `infra/local/local-secrets.ts` re-exports them.
 */
export const localDefaults = {
  momo: {
    apiUser: 'a3f6b1e2-5c4d-4e8f-9a1b-2c3d4e5f6a7b',
    apiKey: 'local-momo-api-key',
    collectionSubscriptionKey: 'local-collection-subscription-key',
    disbursementSubscriptionKey: 'local-disbursement-subscription-key',
    /** As in production; `MOMO_TARGET_ENVIRONMENT=sandbox` runs the stack as against MTN's sandbox (EUR, its test numbers). */
    targetEnvironment: 'mtnliberia',
  },
  /** The Orange Money simulator's merchant contract (infra/local/orange-simulator.ts). */
  orange: {
    clientId: 'local-orange-client-id',
    clientSecret: 'local-orange-client-secret',
    apiUsername: 'LOCALMERCHANT',
    apiPassword: 'local-orange-channel-password',
    pin: '2222',
    channelMsisdnLrd: '770000901',
    channelMsisdnUsd: '770000902',
  },
  ussd: {
    lonestar: 'local-ussd-lonestar-secret',
    orange: 'local-ussd-orange-secret',
  },
  /** What the Africa's Talking simulator's incoming-message callback carries as `?key=`. */
  smsIncomingKey: 'local-sms-incoming-secret',
  /** The Africa's Talking simulator's one app: its username, key and registered sender id. */
  sms: {
    username: 'raffle-local',
    apiKey: 'local-africastalking-api-key',
    senderId: 'RAFFLE',
  },
} as const;
