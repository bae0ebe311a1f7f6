import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { localSecrets } from './local-secrets';
import {
  RECIPIENT_STATUS_NAMES,
  type RecipientStatus,
  SEND_SMS_PATH,
  type SmsRecipient,
} from './provider-docs/africas-talking';
import { smsSegments } from './provider-docs/gsm-03-38';

/**
 * The SMS gateway simulator (DESIGN sections 2 and 8): Africa's Talking's
 * `POST /version1/messaging` as the real one answers it, so the local stack
 * sends through the production adapter. It refuses what Africa's Talking
 * refuses, with its words (its API runs on akka-http, whose default
 * rejections these are):
 * - no `apiKey` header → 401 "The resource requires authentication, which
 *   was not supplied with the request"; a wrong key, or a username the key
 *   is not for → 401 "The supplied authentication is invalid" (text/plain);
 * - a body that is not a form → 415; `username`, `to` or `message` missing
 *   → 400 "Request is missing required form field '<name>'";
 * - a `from` that is not the app's registered sender id → 201 with
 *   `Message: "InvalidSenderId"` and no recipients;
 * - a number that is not +<digits> → that recipient 403 InvalidPhoneNumber.
 * Otherwise 201 and JSON `SMSMessageData` (XML when `Accept` does not ask
 * for JSON, as Africa's Talking does), one recipient per number. Like the
 * real gateway it takes long and UCS-2 messages, splits them into parts and
 * charges each part: every message is kept with its `parts` and `encoding`,
 * so tests can see that the product sent one GSM-7 part.
 *
 * The number's last six digits decide its outcome (README "SMS simulator
 * numbers"), apart from the MoMo simulator's so a test number can pay and
 * then get its SMS refused. Messages are kept in `dataFile` when given
 * (`.data/` on a stack that is not in memory). Local-only views under /__sim/;
 * `POST /__sim/inbound?from=+231…&text=…` sends a player's message to our
 * incoming-message callback, as Africa's Talking does.
 */

/** The short code listeners text (`to` of an inbound message) unless a test names another. */
const INBOUND_SHORT_CODE = '20880';

type SimulatedSmsOutcome =
  | 'invalid-number'
  | 'blacklisted'
  | 'fail-once'
  | 'queued'
  | 'gateway-error'
  | 'risk-hold'
  | 'insufficient-balance';

const SIMULATED_SMS_OUTCOMES: Readonly<Record<string, SimulatedSmsOutcome>> = {
  '000201': 'invalid-number',
  '000202': 'blacklisted',
  '000203': 'fail-once',
  '000204': 'queued',
  '000205': 'gateway-error',
  // the account's answers, not the number's: as Africa's Talking holds a flagged account or one out of credit
  '000206': 'risk-hold',
  '000207': 'insufficient-balance',
};

/** One recipient line as the simulator answered it, with the message it carried. */
export interface SimulatedSms {
  messageId: string;
  number: string;
  from?: string;
  text: string;
  parts: number;
  encoding: 'GSM-7' | 'UCS-2';
  statusCode: RecipientStatus;
  status: string;
  cost: string;
  receivedAt: string;
}

interface PersistedState {
  messages: SimulatedSms[];
  /** number + message pairs that already had their one failure ('fail-once'). */
  failedOnce: string[];
  /** The account was topped up and cleared (`POST /__sim/account`): the hold numbers are sent like any other. */
  cleared?: boolean;
}

/** What one part costs on the simulated account. */
const PART_COST_USD_MICROS = 20_000;
/** Messages kept (oldest dropped first): enough for any test run or a long day of clicking around. */
const KEEP_MESSAGES = 20_000;
const AUTH_CHALLENGE = 'Basic realm="api",charset=UTF-8';

export class AfricasTalkingSimulator {
  private server?: Server;
  url = '';
  private state: PersistedState = { messages: [], failedOnce: [] };
  private failedOnce = new Set<string>();
  private requests = 0;
  private saving: Promise<void> = Promise.resolve();

  /**
   * Where Africa's Talking posts a message sent TO our short code (the app's "incoming messages"
   * callback URL, with its `?key=`): `POST /__sim/inbound` delivers one there, as Africa's Talking does.
   */
  incomingCallbackUrl?: string;
  private inboundCount = 0;

  constructor(private readonly options: { dataFile?: string } = {}) {}

  async start(port = 0): Promise<void> {
    this.load();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        console.error('[africastalking-simulator]', error);
        if (!res.headersSent) text(res, 500, 'There was an internal server error.');
      });
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((done) => this.server!.close(() => done()));
    }
    await this.saving;
  }

  /** Every recipient line answered, newest first; `to` in either +231… or 231… form (`?accepted=1`: only those it took). */
  messages(to?: string): SimulatedSms[] {
    const number = to === undefined ? undefined : `+${to.replace(/^\+/, '')}`;
    return this.state.messages.filter((m) => number === undefined || m.number === number).reverse();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/__sim/')) return this.handleControl(req, res, url);
    this.requests += 1;
    if (url.pathname !== SEND_SMS_PATH) return text(res, 404, 'The requested resource could not be found.');
    if (req.method !== 'POST') return text(res, 405, 'HTTP method not allowed, supported methods: POST');
    const body = await readBody(req);

    const apiKey = req.headers.apikey;
    if (apiKey === undefined)
      return text(
        res,
        401,
        'The resource requires authentication, which was not supplied with the request',
        AUTH_CHALLENGE,
      );
    if (apiKey !== localSecrets.sms.apiKey)
      return text(res, 401, 'The supplied authentication is invalid', AUTH_CHALLENGE);
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return text(
        res,
        415,
        "The request's Content-Type is not supported. Expected:\napplication/x-www-form-urlencoded",
      );
    }
    const form = new URLSearchParams(body);
    for (const field of ['username', 'to', 'message']) {
      if (!form.get(field)) return text(res, 400, `Request is missing required form field '${field}'`);
    }
    // a key belongs to one app: another app's username with it is not authenticated
    if (form.get('username') !== localSecrets.sms.username)
      return text(res, 401, 'The supplied authentication is invalid', AUTH_CHALLENGE);

    const json = (req.headers.accept ?? '').includes('application/json');
    const from = form.get('from') ?? undefined;
    if (from !== undefined && from !== localSecrets.sms.senderId)
      return answer(res, json, { Message: 'InvalidSenderId', Recipients: [] });

    const message = form.get('message')!;
    const numbers = form
      .get('to')!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const now = new Date().toISOString();
    const lines = numbers.map((number) => this.recipient(number, message, from, now));
    this.state.messages.push(...lines);
    if (this.state.messages.length > KEEP_MESSAGES)
      this.state.messages.splice(0, this.state.messages.length - KEEP_MESSAGES);
    this.save();

    const accepted = lines.filter((l) => l.statusCode < 200);
    const total = accepted.reduce((sum, l) => sum + l.parts * PART_COST_USD_MICROS, 0);
    answer(res, json, {
      Message: `Sent to ${accepted.length}/${lines.length} Total Cost: USD ${usd(total)}`,
      Recipients: lines.map(({ statusCode, number, cost, status, messageId }) => ({
        statusCode,
        number,
        cost,
        status,
        messageId,
      })),
    });
  }

  private recipient(number: string, text: string, from: string | undefined, receivedAt: string): SimulatedSms {
    const { parts, encoding } = smsSegments(text);
    const statusCode = this.statusFor(number, text);
    const accepted = statusCode < 200;
    return {
      messageId: accepted ? `ATXid_${randomBytes(16).toString('hex')}` : 'None',
      number,
      ...(from !== undefined ? { from } : {}),
      text,
      parts,
      encoding,
      statusCode,
      // Africa's Talking says "Success" for every accepted line, whatever its code (recorded answers show 102 "Success")
      status: accepted ? 'Success' : RECIPIENT_STATUS_NAMES[statusCode],
      cost: accepted ? `USD ${usd(parts * PART_COST_USD_MICROS)}` : '0',
      receivedAt,
    };
  }

  private statusFor(number: string, text: string): RecipientStatus {
    if (!/^\+\d{8,15}$/.test(number)) return 403;
    switch (SIMULATED_SMS_OUTCOMES[number.slice(-6)]) {
      case 'invalid-number':
        return 403;
      case 'blacklisted':
        return 406;
      case 'queued':
        return 102;
      case 'gateway-error':
        return 501;
      case 'risk-hold':
        return this.state.cleared ? 101 : 401;
      case 'insufficient-balance':
        return this.state.cleared ? 101 : 405;
      case 'fail-once': {
        const key = `${number}\n${text}`;
        if (this.failedOnce.has(key)) return 101;
        this.failedOnce.add(key);
        this.state.failedOnce.push(key);
        return 500;
      }
      default:
        return 101;
    }
  }

  /**
   * A player's SMS to our short code, delivered as Africa's Talking's incoming-message callback:
   * a form POST of from, to, text, date ("YYYY-MM-DD HH:MM:SS"), id and linkId, plus networkCode.
   * Answers the product's status, so a test sees the callback's fate.
   */
  private async deliverInbound(url: URL, res: ServerResponse): Promise<void> {
    const from = url.searchParams.get('from') ?? '';
    const body = url.searchParams.get('text') ?? '';
    if (!this.incomingCallbackUrl) return json(res, 409, { message: 'no incoming-message callback is set' });
    if (!/^\+\d{6,15}$/.test(from)) return json(res, 400, { message: 'from must be +<digits>' });
    this.inboundCount += 1;
    const id = `ATXid_sim${Date.now().toString(36)}${this.inboundCount}`;
    const form = new URLSearchParams({
      from,
      to: url.searchParams.get('to') ?? INBOUND_SHORT_CODE,
      text: body,
      date: new Date().toISOString().replace('T', ' ').slice(0, 19),
      id,
      linkId: `${id}-link`,
      networkCode: url.searchParams.get('networkCode') ?? '61801',
    });
    const answer = await fetch(this.incomingCallbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    await answer.arrayBuffer();
    json(res, 200, { id, callbackStatus: answer.status });
  }

  private handleControl(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (url.pathname === '/__sim/inbound' && req.method === 'POST') {
      void this.deliverInbound(url, res).catch((error: unknown) => json(res, 502, { message: String(error) }));
      return;
    }
    if (url.pathname === '/__sim/messages' && req.method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const accepted = url.searchParams.get('accepted') === '1';
      const found = this.messages(url.searchParams.get('to') ?? undefined).filter(
        (m) => !accepted || m.statusCode < 200,
      );
      return json(res, 200, { messages: found.slice(0, limit) });
    }
    // the operator tops up or clears the account ({"held": false}), or it is held again ({"held": true})
    if (url.pathname === '/__sim/account' && req.method === 'POST') {
      const held = url.searchParams.get('held') !== 'false';
      this.state.cleared = !held;
      this.save();
      return json(res, 200, { held });
    }
    if (url.pathname === '/__sim/stats' && req.method === 'GET') {
      return json(res, 200, { requests: this.requests, messages: this.state.messages.length });
    }
    json(res, 404, { message: 'unknown simulator control' });
  }

  private load(): void {
    const file = this.options.dataFile;
    if (!file || !existsSync(file)) return;
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as PersistedState;
      this.state = {
        messages: saved.messages ?? [],
        failedOnce: saved.failedOnce ?? [],
        ...(saved.cleared ? { cleared: true } : {}),
      };
      this.failedOnce = new Set(this.state.failedOnce);
    } catch (error) {
      console.warn(`[africastalking-simulator] ${file} unreadable, starting empty: ${(error as Error).message}`);
    }
  }

  /** Writes queue one behind another; each writes the whole state to a temporary file and renames it over the last. */
  private save(): void {
    const file = this.options.dataFile;
    if (!file) return;
    const snapshot = JSON.stringify(this.state);
    this.saving = this.saving.then(async () => {
      try {
        mkdirSync(dirname(file), { recursive: true });
        await writeFile(`${file}.tmp`, snapshot);
        await rename(`${file}.tmp`, file);
      } catch (error) {
        console.error('[africastalking-simulator] could not save', error);
      }
    });
  }
}

function answer(res: ServerResponse, asJson: boolean, data: { Message: string; Recipients: SmsRecipient[] }): void {
  if (asJson) return json(res, 201, { SMSMessageData: data });
  const recipients = data.Recipients.map(
    (r) =>
      `<Recipient><number>${xml(r.number)}</number><cost>${xml(r.cost)}</cost><status>${r.status}</status>` +
      `<statusCode>${r.statusCode}</statusCode><messageId>${r.messageId}</messageId></Recipient>`,
  ).join('');
  const body = `<?xml version='1.0' encoding='UTF-8'?><AfricasTalkingResponse><SMSMessageData><Message>${xml(data.Message)}</Message><Recipients>${recipients}</Recipients></SMSMessageData></AfricasTalkingResponse>`;
  send(res, 201, 'application/xml', body);
}

const usd = (micros: number) => (micros / 1_000_000).toFixed(4);
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function text(res: ServerResponse, status: number, body: string, challenge?: string): void {
  send(res, status, 'text/plain; charset=UTF-8', body, challenge ? { 'www-authenticate': challenge } : {});
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json', JSON.stringify(body));
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
