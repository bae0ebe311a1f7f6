/**
 * The Orange Money adapter (DESIGN section 8; Orange Money Core API 1.0.2):
 * the mobile-money port over `fetch`. A payment is `mp/init` (Orange issues a
 * payToken), then `mp/pay`, which pushes a PIN prompt to the subscriber; a
 * payout is the same pair under `cashin`. Orange knows the transaction only
 * by its payToken, so the adapter saves it under our reference BEFORE `pay`
 * (through `PayTokens`, the store in production) and every status query goes
 * from our reference to the payToken. It runs unchanged against Orange and
 * the local simulator; only the config differs.
 */
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type CollectRequest,
  type MobileMoneyProvider,
  type StatusResult,
  type TransferRequest,
} from '../mobile-money';
import { TokenCache, type AccessToken } from '../momo/token-cache';
import { credentialDigest, sharedToken, type TokenShelf } from '../tokens/shared-tokens';
import { forgetIntegrationConfig, type OrangeConfig } from '../secrets';
import { orangeFetch, type OrangeResponse } from './orange-http';
import {
  CORE_API_PATH,
  parsePayToken,
  parseStatus,
  payBody,
  payTokenState,
  refusalReason,
  type OrangeOperation,
} from './orange-wire';

/** Where the adapter keeps the payToken of each reference (functions/integrations/orange/store/pay-tokens.ts in production). */
export interface PayTokens {
  get(operation: OrangeOperation, referenceId: string): Promise<SentRequest | undefined>;
  /** False when the reference already has a payToken. */
  save(operation: OrangeOperation, referenceId: string, sent: SentRequest): Promise<boolean>;
  /** Replace the reference's payToken `previous` (unusable: nothing was paid under it); false when it is no longer that one. */
  replace(operation: OrangeOperation, referenceId: string, previous: string, sent: SentRequest): Promise<boolean>;
}

/** What was asked under a reference, with the payToken Orange issued for it. */
interface SentRequest {
  payToken: string;
  msisdn: string;
  amountCents: number;
  currency: string;
  createdAt: string;
}

export interface OrangeMoneyOptions {
  /** Per-request timeout; past it the outcome is unknown (ProviderUnavailableError). Default 8 s. */
  timeoutMs?: number;
  /** Share tokens with the other containers through this shelf (the table); without it, one per container. */
  sharedTokens?: TokenShelf;
}

const DEFAULT_TIMEOUT_MS = 8_000;

export class OrangeMoneyProvider implements MobileMoneyProvider {
  readonly name = 'orange' as const;
  private readonly timeoutMs: number;
  private readonly token: TokenCache;

  constructor(
    private readonly config: OrangeConfig,
    private readonly payTokens: PayTokens,
    options: OrangeMoneyOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const fetch = () => this.fetchToken();
    if (options.sharedTokens) {
      const shared = sharedToken(
        options.sharedTokens,
        `orange-${credentialDigest(config.baseUrl, config.clientId)}`,
        fetch,
      );
      this.token = new TokenCache(shared.fetch, Date.now, shared.refused);
    } else this.token = new TokenCache(fetch);
  }

  requestToPay(request: CollectRequest): Promise<void> {
    return this.send('mp', request);
  }

  paymentStatus(referenceId: string): Promise<StatusResult> {
    return this.status('mp', referenceId);
  }

  transfer(request: TransferRequest): Promise<void> {
    return this.send('cashin', request);
  }

  transferStatus(referenceId: string): Promise<StatusResult> {
    return this.status('cashin', referenceId);
  }

  /**
   * init → save the payToken → pay. A reference that already has a payToken is a resend (after a `pay` that
   * failed or went unanswered): `pay` again under that payToken, which Orange takes once — "already used"
   * means an earlier `pay` got through (pending, never a refusal), and a payToken that expired unused or that
   * Orange does not know is replaced by a new `init`. Never two payTokens paid for one reference.
   */
  private async send(operation: OrangeOperation, request: CollectRequest): Promise<void> {
    const earlier = await this.payTokens.get(operation, request.referenceId);
    if (earlier) {
      sameRequest(earlier, request);
      return this.payAgain(operation, request, earlier);
    }
    const sent = await this.init(operation, request);
    if (!(await this.payTokens.save(operation, request.referenceId, sent))) {
      // a concurrent send under this reference saved its payToken first: that one pays
      return sameRequest((await this.payTokens.get(operation, request.referenceId))!, request);
    }
    const pay = await this.pay(operation, request, sent.payToken);
    if (pay.status === 200 || pay.status === 201) return;
    // 417 Expectation Failed: Orange refused the transaction itself (unknown subscriber, wrong PIN, funds); data.inittxnmessage says why
    throw rejected(`POST ${CORE_API_PATH}/${operation}/pay`, pay, refusalReason(pay.body, operation));
  }

  private async payAgain(operation: OrangeOperation, request: CollectRequest, earlier: SentRequest): Promise<void> {
    const pay = await this.pay(operation, request, earlier.payToken);
    if (pay.status === 200 || pay.status === 201) return;
    const state = pay.status === 417 ? payTokenState(pay.body) : undefined;
    if (state === 'used') return;
    if (state === 'unusable') {
      const fresh = await this.init(operation, request);
      // another resend replaced it first: that one pays
      if (!(await this.payTokens.replace(operation, request.referenceId, earlier.payToken, fresh))) return;
      const second = await this.pay(operation, request, fresh.payToken);
      if (second.status === 200 || second.status === 201 || payTokenState(second.body) === 'used') return;
      throw rejected(`POST ${CORE_API_PATH}/${operation}/pay`, second, refusalReason(second.body, operation));
    }
    throw rejected(`POST ${CORE_API_PATH}/${operation}/pay`, pay, refusalReason(pay.body, operation));
  }

  private async init(operation: OrangeOperation, request: CollectRequest): Promise<SentRequest> {
    const initPath = `${CORE_API_PATH}/${operation}/init`;
    const init = await this.call('POST', initPath);
    if (init.status !== 200) throw rejected(`POST ${initPath}`, init);
    return {
      payToken: parsePayToken(init.body),
      msisdn: request.msisdn,
      amountCents: request.amountCents,
      currency: request.currency,
      createdAt: new Date().toISOString(),
    };
  }

  private pay(operation: OrangeOperation, request: CollectRequest, payToken: string): Promise<OrangeResponse> {
    return this.call('POST', `${CORE_API_PATH}/${operation}/pay`, payBody(this.config, request, payToken));
  }

  private async status(operation: OrangeOperation, referenceId: string): Promise<StatusResult> {
    const sent = await this.payTokens.get(operation, referenceId);
    // no payToken saved: `pay` was never sent under this reference, so no money can move
    if (!sent) return { status: 'FAILED', reason: 'NOT_FOUND' };
    const path = `${CORE_API_PATH}/${operation}/paymentstatus/${encodeURIComponent(sent.payToken)}`;
    const response = await this.call('GET', path);
    if (response.status === 200) return parseStatus(response.body, operation);
    if (response.status === 404) return { status: 'FAILED', reason: 'NOT_FOUND' };
    throw rejected(`GET ${CORE_API_PATH}/${operation}/paymentstatus`, response);
  }

  /**
   * A Core API call: the Bearer token and the channel user's X-AUTH-TOKEN; a 401 refreshes the token once.
   * Refused again, or 403: our credentials changed (DESIGN section 8), never the payment's refusal.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<OrangeResponse> {
    const xAuthToken = Buffer.from(`${this.config.apiUsername}:${this.config.apiPassword}`).toString('base64');
    const send = (token: string) =>
      orangeFetch(
        `${this.config.baseUrl}${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            'X-AUTH-TOKEN': xAuthToken,
            Accept: 'application/json',
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        },
        this.timeoutMs,
      );
    const token = await this.token.get();
    const response = await send(token);
    if (response.status !== 401) return response;
    await this.token.invalidate(token);
    return refusedCredentials(`${method} ${path}`, await send(await this.token.get()));
  }

  /** POST /token, OAuth2 client credentials with Basic clientId:clientSecret. */
  private async fetchToken(): Promise<AccessToken> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await orangeFetch(
      `${this.config.baseUrl}/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      this.timeoutMs,
    );
    refusedCredentials('POST /token (our client id or secret)', response);
    if (response.status !== 200) throw rejected('POST /token (our client id or secret)', response);
    const { access_token: token, expires_in: expiresIn } = (response.body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    // some Orange gateways send expires_in as a string of seconds
    const seconds = typeof expiresIn === 'number' || typeof expiresIn === 'string' ? Number(expiresIn) : NaN;
    if (typeof token !== 'string' || !token || !(seconds > 0)) {
      throw new ProviderUnavailableError('Orange Money answered POST /token without a token');
    }
    return { token, expiresInSeconds: seconds };
  }
}

/** A resend is fine when it asks for what the reference was first sent for; a reused reference must not pass silently. */
function sameRequest(sent: SentRequest, request: CollectRequest): void {
  if (sent.msisdn === request.msisdn && sent.amountCents === request.amountCents && sent.currency === request.currency)
    return;
  throw new ProviderRejectedError('Orange Money already holds a different transaction under this reference', 409);
}

/**
 * A 401 or 403 to our credentials (token endpoint, or a fresh token refused): they were rotated or
 * revoked (DESIGN section 8). The cached secret is dropped so the next call reads it again, and the call
 * is unavailable — its payment's outcome unknown — never a refusal of that payment.
 */
function refusedCredentials(what: string, response: OrangeResponse): OrangeResponse {
  if (response.status !== 401 && response.status !== 403) return response;
  forgetIntegrationConfig();
  throw new ProviderUnavailableError(`Orange Money refused our credentials for ${what} with ${response.status}`);
}

function rejected(what: string, response: OrangeResponse, reason?: string): ProviderRejectedError {
  return new ProviderRejectedError(
    `Orange Money refused ${what} with ${response.status}`,
    response.status,
    response.body,
    reason,
  );
}
