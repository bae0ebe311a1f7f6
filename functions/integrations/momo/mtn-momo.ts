/**
 * The MTN MoMo Open API adapter (DESIGN section 8; MoMo developer portal,
 * Collection and Disbursement v1_0): the mobile-money port over `fetch`.
 * It runs unchanged against MTN and against the local simulator; only the
 * config (base URL, keys, X-Target-Environment) differs.
 */
import { parseMoney } from '@shared/money';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type CollectRequest,
  type MobileMoneyProvider,
  type PayoutCheckRequest,
  type PayoutRefusalReason,
  type StatusResult,
  type TransferRequest,
} from '../mobile-money';
import { forgetIntegrationConfig, type MomoConfig } from '../secrets';
import { wireCurrency, wireMsisdn } from './momo-environment';
import { momoFetch, type MomoResponse } from './momo-http';
import {
  parseAccountHolderBody,
  parseBalanceBody,
  parseStatusBody,
  requestToPayBody,
  toStatusResult,
  transferBody,
  type MomoBalance,
  type MomoProduct,
  type RequestToPayBody,
  type TransferBody,
} from './momo-wire';
import { credentialDigest, sharedToken, type TokenShelf } from '../tokens/shared-tokens';
import { TokenCache, type AccessToken } from './token-cache';

export interface MtnMomoOptions {
  /** Per-request timeout; past it the outcome is unknown (ProviderUnavailableError). Default 8 s. */
  timeoutMs?: number;
  /** Share tokens with the other containers through this shelf (the table); without it, one per container. */
  sharedTokens?: TokenShelf;
}

const DEFAULT_TIMEOUT_MS = 8_000;

export class MtnMomoProvider implements MobileMoneyProvider {
  readonly name = 'mtn' as const;
  private readonly timeoutMs: number;
  private readonly tokens: Record<MomoProduct, TokenCache>;

  constructor(
    private readonly config: MomoConfig,
    options: MtnMomoOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const cache = (product: MomoProduct) => {
      const fetch = () => this.fetchToken(product);
      if (!options.sharedTokens) return new TokenCache(fetch);
      const name = `momo-${product}-${credentialDigest(config.baseUrl, config.apiUser, config.targetEnvironment)}`;
      const shared = sharedToken(options.sharedTokens, name, fetch);
      return new TokenCache(shared.fetch, Date.now, shared.refused);
    };
    this.tokens = { collection: cache('collection'), disbursement: cache('disbursement') };
  }

  async requestToPay(request: CollectRequest): Promise<void> {
    const path = '/collection/v1_0/requesttopay';
    await this.create(
      'collection',
      path,
      request.referenceId,
      request.callbackUrl,
      requestToPayBody(request, this.config.targetEnvironment),
    );
  }

  async paymentStatus(referenceId: string): Promise<StatusResult> {
    return this.status('collection', `/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`);
  }

  async transfer(request: TransferRequest): Promise<void> {
    const path = '/disbursement/v1_0/transfer';
    await this.create(
      'disbursement',
      path,
      request.referenceId,
      request.callbackUrl,
      transferBody(request, this.config.targetEnvironment),
    );
  }

  async transferStatus(referenceId: string): Promise<StatusResult> {
    return this.status('disbursement', `/disbursement/v1_0/transfer/${encodeURIComponent(referenceId)}`);
  }

  /**
   * Before a payout (DESIGN section 8): the payee must be an active MoMo
   * account and the disbursement float must cover the amount in the currency
   * sent. Both asked at once; an error or an unreadable answer throws (the
   * caller then does not pay blind).
   */
  async payoutRefusal(request: PayoutCheckRequest): Promise<PayoutRefusalReason | undefined> {
    const currency = wireCurrency(request.currency, this.config.targetEnvironment);
    const [active, float] = await Promise.all([
      this.accountHolderActive('disbursement', request.msisdn),
      this.balance('disbursement', currency),
    ]);
    if (!active) return 'PAYEE_NOT_ACTIVE';
    return float.currency === currency && float.availableCents >= request.amountCents
      ? undefined
      : 'INSUFFICIENT_FLOAT';
  }

  /** GET /{product}/v1_0/accountholder/msisdn/{number}/active → {result}. */
  async accountHolderActive(product: MomoProduct, msisdn: string): Promise<boolean> {
    const number = encodeURIComponent(wireMsisdn(msisdn, this.config.targetEnvironment));
    const path = `/${product}/v1_0/accountholder/msisdn/${number}/active`;
    const response = await this.call(product, 'GET', path);
    if (response.status === 200) return parseAccountHolderBody(response.body);
    throw rejected(`GET /${product}/v1_0/accountholder/msisdn/…/active`, response);
  }

  /**
   * GET /{product}/v1_0/account/balance → {availableBalance, currency}: the
   * account's main currency. Given another `currency`, that currency's
   * balance (GET …/account/balance/{currency}), as a wallet holding both LRD
   * and USD answers the plain call in one of them only.
   */
  async balance(product: MomoProduct, currency?: string): Promise<MomoBalance> {
    const path = `/${product}/v1_0/account/balance`;
    const response = await this.call(product, 'GET', path);
    if (response.status !== 200) throw rejected(`GET ${path}`, response);
    const main = parseBalanceBody(response.body);
    if (!currency || main.currency === currency) return main;
    const inCurrency = await this.call(product, 'GET', `${path}/${encodeURIComponent(currency)}`);
    if (inCurrency.status !== 200) throw rejected(`GET ${path}/${currency}`, inCurrency);
    return parseBalanceBody(inCurrency.body);
  }

  /** requesttopay / transfer: 202 Accepted with no body. */
  private async create(
    product: MomoProduct,
    path: string,
    referenceId: string,
    callbackUrl: string,
    body: RequestToPayBody | TransferBody,
  ): Promise<void> {
    const headers = {
      'X-Reference-Id': referenceId,
      ...(callbackUrl ? { 'X-Callback-Url': callbackUrl } : {}),
      'Content-Type': 'application/json',
    };
    const response = await this.call(product, 'POST', path, headers, JSON.stringify(body));
    if (response.status === 202) return;
    // 409 RESOURCE_ALREADY_EXIST: MTN already holds this reference, so this
    // is a resend (a retry after a timeout). Idempotent, as long as what it
    // holds is this very request; a reused reference must not pass silently.
    if (response.status === 409)
      return this.confirmSameRequest(product, `${path}/${encodeURIComponent(referenceId)}`, body);
    throw rejected(`POST ${path}`, response);
  }

  private async confirmSameRequest(
    product: MomoProduct,
    statusPath: string,
    sent: RequestToPayBody | TransferBody,
  ): Promise<void> {
    const response = await this.call(product, 'GET', statusPath);
    // MTN answers 404 for a while as it indexes the first request (DESIGN section 8): held, but not yet readable
    if (response.status === 404)
      throw new ProviderUnavailableError(`MTN MoMo still indexes ${statusPath} after a 409`, response.body);
    if (response.status !== 200) throw rejected(`GET ${statusPath} after a 409`, response);
    const held = parseStatusBody(response.body);
    const same =
      held.externalId === sent.externalId &&
      held.currency === sent.currency &&
      parseMoney(held.amount ?? '') === parseMoney(sent.amount);
    if (!same) {
      throw new ProviderRejectedError(
        'MTN MoMo already holds a different transaction under this X-Reference-Id',
        409,
        response.body,
      );
    }
  }

  private async status(product: MomoProduct, path: string): Promise<StatusResult> {
    const response = await this.call(product, 'GET', path);
    if (response.status === 200) return toStatusResult(parseStatusBody(response.body));
    // MTN answers 404 RESOURCE_NOT_FOUND for a reference it never received, and for a while for a young
    // one it still indexes (DESIGN section 8): NOT_FOUND, which callers read as unknown until their own
    // deadline (a payment's expiry, a payout's settling delay), never as MTN's final word.
    if (response.status === 404) return { status: 'FAILED', reason: 'NOT_FOUND' };
    throw rejected(`GET ${path}`, response);
  }

  /**
   * An API call with the product's token; a 401 refreshes the token once (it may have been revoked early).
   * Refused again, or 403: our credentials changed (DESIGN section 8), never the payment's refusal.
   */
  private async call(
    product: MomoProduct,
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<MomoResponse> {
    const send = async (token: string) =>
      momoFetch(
        `${this.config.baseUrl}${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            'X-Target-Environment': this.config.targetEnvironment,
            'Ocp-Apim-Subscription-Key': this.subscriptionKey(product),
            ...headers,
          },
          body,
        },
        this.timeoutMs,
      );
    const token = await this.tokens[product].get();
    const response = await send(token);
    if (response.status !== 401) return response;
    await this.tokens[product].invalidate(token);
    return refusedCredentials(`${method} ${path}`, await send(await this.tokens[product].get()));
  }

  /** POST /{product}/token/ with Basic apiUser:apiKey (MoMo developer portal, "API user and API key"). */
  private async fetchToken(product: MomoProduct): Promise<AccessToken> {
    const path = `/${product}/token/`;
    const basic = Buffer.from(`${this.config.apiUser}:${this.config.apiKey}`).toString('base64');
    const response = await momoFetch(
      `${this.config.baseUrl}${path}`,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': this.subscriptionKey(product) },
      },
      this.timeoutMs,
    );
    refusedCredentials(`POST ${path} (our API user, key or subscription key)`, response);
    if (response.status !== 200) throw rejected(`POST ${path} (our API user, key or subscription key)`, response);
    const { access_token: token, expires_in: expiresIn } = (response.body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof token !== 'string' || !token || typeof expiresIn !== 'number') {
      throw new ProviderUnavailableError(`MTN MoMo answered POST ${path} without a token`);
    }
    return { token, expiresInSeconds: expiresIn };
  }

  private subscriptionKey(product: MomoProduct): string {
    return product === 'collection' ? this.config.collectionSubscriptionKey : this.config.disbursementSubscriptionKey;
  }
}

/**
 * A 401 or 403 to our credentials (token endpoint, or a fresh token refused): the keys were rotated or
 * revoked (DESIGN section 8). The cached secret is dropped so the next call reads it again, and the call
 * is unavailable — its payment's outcome unknown — never a refusal of that payment.
 */
function refusedCredentials(what: string, response: MomoResponse): MomoResponse {
  if (response.status !== 401 && response.status !== 403) return response;
  forgetIntegrationConfig();
  throw new ProviderUnavailableError(`MTN MoMo refused our credentials for ${what} with ${response.status}`);
}

/** MTN's refusals carry their reason as `code` (MoMo Open API ErrorReason, e.g. PAYER_NOT_FOUND). */
function rejected(what: string, response: MomoResponse): ProviderRejectedError {
  const code = (response.body as { code?: unknown } | null | undefined)?.code;
  return new ProviderRejectedError(
    `MTN MoMo refused ${what} with ${response.status}`,
    response.status,
    response.body,
    typeof code === 'string' && code ? code : undefined,
  );
}
