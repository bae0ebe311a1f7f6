/**
 * The local stack's default secrets (listed in the README). In AWS these come
 * from Secrets Manager; locally they are fixed so the simulator and the
 * functions agree without configuration.
 */
export const localSecrets = {
  momo: {
    apiUser: 'a3f6b1e2-5c4d-4e8f-9a1b-2c3d4e5f6a7b',
    apiKey: 'local-momo-api-key',
    collectionSubscriptionKey: 'local-collection-subscription-key',
    disbursementSubscriptionKey: 'local-disbursement-subscription-key',
    targetEnvironment: 'sandbox',
  },
} as const;
