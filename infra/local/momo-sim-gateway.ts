import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localSecrets } from './local-secrets';
import type { MomoLagState } from './momo-sim-lag';
import { MOMO_ENVIRONMENTS, type MomoEnvironment, type SimulatorStats } from './momo-sim-rules';
import type { MomoProduct } from './provider-docs/mtn-momo';
import { send } from './sim-http';

const TOKEN_TTL_SECONDS = 3600;

/**
 * MTN's API gateway in front of the MoMo simulator (./momo-simulator.ts), as
 * MTN documents it (./provider-docs/mtn-momo.ts): a product's OAuth token
 * (`POST /{product}/token/`, Basic api-user:api-key and the product's
 * Ocp-Apim-Subscription-Key), and on every call the subscription key, a live
 * Bearer token of that product and a known X-Target-Environment.
 */
export class MomoGateway {
  readonly tokens = new Map<string, { product: MomoProduct; serial: number; expiresAt: number }>();

  constructor(
    private readonly counters: SimulatorStats,
    private readonly lag: MomoLagState,
  ) {}

  issueToken(req: IncomingMessage, res: ServerResponse, product: MomoProduct): void {
    this.counters.tokenRequests[product] += 1;
    if (this.lag.refuseToken(res)) return;
    const { apiUser, apiKey } = localSecrets.momo;
    const basic = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`;
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey(product) || req.headers.authorization !== basic) {
      send(res, 401, { error: 'Access denied due to invalid subscription key or credentials' });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, {
      product,
      serial: ++this.counters.tokensIssued,
      expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000,
    });
    send(res, 200, { access_token: token, token_type: 'access_token', expires_in: TOKEN_TTL_SECONDS });
  }

  /** The checks MTN's gateway makes on every API call; the token's serial and the target environment when they pass. */
  authorize(
    req: IncomingMessage,
    res: ServerResponse,
    product: MomoProduct,
  ): { tokenSerial: number; environment: MomoEnvironment } | undefined {
    if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey(product)) {
      send(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
      return undefined;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (!token || token.product !== product || token.expiresAt <= Date.now()) {
      send(res, 401, { code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
      return undefined;
    }
    const environment = MOMO_ENVIRONMENTS.find((name) => name === req.headers['x-target-environment']);
    if (!environment) {
      send(res, 400, {
        code: 'INVALID_TARGET_ENVIRONMENT',
        message: `X-Target-Environment must be one of ${MOMO_ENVIRONMENTS.join(', ')}.`,
      });
      return undefined;
    }
    return { tokenSerial: token.serial, environment };
  }
}

function subscriptionKey(product: MomoProduct): string {
  return product === 'collection'
    ? localSecrets.momo.collectionSubscriptionKey
    : localSecrets.momo.disbursementSubscriptionKey;
}
