import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf, routes, type RouteSpec } from '@shared/api/routes';
import type { ReportResponse } from '@shared/api/schemas/reports';
import { messages } from '@shared/messages';
import { maskMobileNumber } from '@shared/phone';
import { main as verifyExport } from '../../scripts/verify-export';
import { ApiClient } from '../support/api';
import { aPartner, aStaffUser, fixtureSuperAdmin, signedIn, uniqueEmail } from '../support/fixtures';
import { aPromotionToDraw, aUniquePlayerNumber, paidEntriesByCode } from '../support/play';

/**
 * The regulator's window (DESIGN section 7; issue 36 part 3): a super admin
 * creates the account, the regulator signs in at its own portal (the session
 * start audit-logged), sees today's figures exactly as Reports shows them,
 * and downloads a hash-chained export that `npm run verify-export` accepts
 * and refuses once one line is edited or removed (each download audit-logged).
 */

const PASSWORD = 'regulator-password-1';
let boss: Awaited<ReturnType<typeof fixtureSuperAdmin>>;
let regulatorId: string;
let regulator: ApiClient;
let game: Awaited<ReturnType<typeof aPromotionToDraw>> & { partnerId: string };
let entryIds: string[];
const today = () => new Date().toISOString().slice(0, 10);

const withQuery = (spec: RouteSpec, params: Record<string, string>, query: Record<string, string>) =>
  `${pathOf(spec, params)}?${new URLSearchParams(query)}`;

/** The audit lines of one action by one actor (filtered by the server over the whole log), newest first. */
async function auditOf(action: string, actor: string) {
  const response = await boss.client.request(
    'GET',
    withQuery(routes.auditLog, { id: boss.user.id }, { action, actor, limit: '100' }),
  );
  expect(response.status).toBe(200);
  return response.body.items as Array<{
    action: string;
    actorId: string;
    target: string;
    after?: Record<string, unknown>;
  }>;
}

beforeAll(async () => {
  boss = await fixtureSuperAdmin();
  const email = uniqueEmail('regulator');
  const created = await boss.client.call(
    routes.createRegulator,
    { id: boss.user.id },
    { username: 'Gaming board inspector', email, password: PASSWORD },
  );
  expect(created.status).toBe(201);
  regulatorId = created.body.Regulator.ID;
  regulator = new ApiClient();
  const login = await regulator.call(routes.regulatorLogin, {}, { email, password: PASSWORD });
  expect(login.status).toBe(200);
  expect(login.body.user).toMatchObject({ id: regulatorId, role: 'regulator', super_admin: false });

  const partner = await aPartner();
  game = { ...(await aPromotionToDraw(boss.client, boss.user.id, partner, { threshold: 50 })), partnerId: partner.ID };
  entryIds = (await paidEntriesByCode(game.sharedCode, 3)).map((entry) => entry.entryId);
}, 120_000);

describe('regulator accounts and sign-in', () => {
  it('lists the account for super admins, and the admin portal refuses a regulator', async () => {
    const list = await boss.client.call(routes.listRegulators, { id: boss.user.id });
    expect(list.body.Regulators.map((r: { ID: string }) => r.ID)).toContain(regulatorId);
    const me = await regulator.call(routes.me);
    expect(me.body.user).toMatchObject({ id: regulatorId, role: 'regulator' });
  });

  it('audit-logs every regulator session start', async () => {
    const lines = await auditOf('regulator.session-start', regulatorId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorId: regulatorId, target: `regulator:${regulatorId}` });
  });

  it('ends a disabled regulator’s session at once', async () => {
    const email = uniqueEmail('regulator');
    const made = await boss.client.call(
      routes.createRegulator,
      { id: boss.user.id },
      { username: 'Short-lived', email, password: PASSWORD },
    );
    const client = new ApiClient();
    await client.call(routes.regulatorLogin, {}, { email, password: PASSWORD });
    expect((await client.call(routes.regulatorLive, { id: made.body.Regulator.ID })).status).toBe(200);
    const off = await boss.client.call(
      routes.updateRegulator,
      { id: boss.user.id },
      { regulator_id: made.body.Regulator.ID, active: false },
    );
    expect(off.body.Regulator.Active).toBe(false);
    expect((await client.call(routes.regulatorLive, { id: made.body.Regulator.ID })).status).toBe(401);
    const again = await new ApiClient().call(routes.regulatorLogin, {}, { email, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe(messages.admins.disabled);
  });
});

describe('the live window', () => {
  it("shows today's figures exactly as Reports does, with the entries and refunds of the same rows", async () => {
    const [live, report] = await Promise.all([
      regulator.call(routes.regulatorLive, { id: regulatorId }),
      boss.client.request<ReportResponse>(
        'GET',
        withQuery(routes.report, { id: boss.user.id }, { period: 'day', value: today() }),
      ),
    ]);
    expect(live.status).toBe(200);
    expect(live.body.day).toBe(today());
    const rowOf = (body: ReportResponse, scope: 'byGame' | 'byPartner', key: string) =>
      body[scope].filter((row) => row.key === key);
    // this promotion's and partner's rows are this file's alone: the same in both answers, by the same definition
    const gameRows = rowOf(live.body.report, 'byGame', game.promotion.ID);
    expect(gameRows).toEqual(rowOf(report.body, 'byGame', game.promotion.ID));
    expect(rowOf(live.body.report, 'byPartner', game.partnerId)).toEqual(
      rowOf(report.body, 'byPartner', game.partnerId),
    );
    expect(gameRows).toEqual([expect.objectContaining({ currency: 'LRD', stakes: '300.00', tax: '60.00' })]);
    expect(live.body.activity.byGame).toContainEqual({
      key: game.promotion.ID,
      currency: 'LRD',
      entries: 3,
      refunds: '0.00',
    });
  });

  it('lists payouts with the payee masked, and no full number anywhere in the window', async () => {
    const payouts = await regulator.call(routes.regulatorPayouts, { id: regulatorId });
    expect(payouts.status).toBe(200);
    for (const payout of payouts.body.payouts) expect(payout.to).not.toMatch(/\d{9,}/);
    const draws = await regulator.call(routes.regulatorDraws, { id: regulatorId });
    expect(draws.status).toBe(200);
    // a whole number, not 12 digits inside a seed's or a root's hex (which match by chance)
    expect(JSON.stringify(draws.body)).not.toMatch(/(?<![0-9a-f])231\d{9}(?![0-9a-f])/);
  });
});

describe("the support desk's complaint log", () => {
  it('reads each complaint with its resolution, the number masked, newest first', async () => {
    const desk = await aStaffUser('admin', { support: true });
    const deskClient = await signedIn(desk);
    const mobile = aUniquePlayerNumber();
    const noted = await deskClient.call(
      routes.supportNoteComplaint,
      { id: desk.id },
      { mobile_number: mobile, summary: 'Says the prize SMS never came' },
    );
    expect(noted.status, noted.text).toBe(201);
    const read = await regulator.call(routes.regulatorComplaints, { id: regulatorId });
    expect(read.status, read.text).toBe(200);
    expect(read.body.complaints[0]).toMatchObject({
      id: noted.body.Complaint.id,
      mobile_number: maskMobileNumber(mobile),
      summary: 'Says the prize SMS never came',
      status: 'open',
    });
    expect(read.text).not.toContain(mobile);
  });
});

describe('the chained export', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'regulator-export-'));
    file = join(dir, 'export.jsonl');
  });

  it('downloads every ledger line since the day, chained, and verify-export accepts it', async () => {
    const response = await regulator.request(
      'GET',
      withQuery(routes.regulatorExport, { id: regulatorId }, { since: today() }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = response.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const stakeRefs = lines.filter((l) => l.kind === 'ledger' && l.record.kind === 'stake').map((l) => l.record.ref);
    expect(stakeRefs).toEqual(expect.arrayContaining(entryIds));
    expect(lines[0].prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < lines.length; i += 1) expect(lines[i].prevHash).toBe(lines[i - 1].hash);
    await writeFile(file, response.text);
    expect(await verifyExport([file])).toBe(0);

    const logged = await auditOf('regulator.download-export', regulatorId);
    expect(logged[0]).toMatchObject({ target: `export:${today()}`, after: { lines: lines.length } });
  });

  it('fails, naming the line, after one line is edited or removed', async () => {
    const rows = (await readFile(file, 'utf8')).trimEnd().split('\n');
    // a stake line in the middle of the chain: one of this file's entries (a line after it exists to notice its removal)
    const at = rows.findIndex((row, i) => i > 0 && i < rows.length - 1 && /"kind":"stake"/.test(row));
    expect(at).toBeGreaterThan(0);
    const edited = rows.map((row, i) =>
      i === at ? row.replace(/"amountCents":(\d+)/, (_, n) => `"amountCents":${Number(n) + 1}`) : row,
    );
    expect(edited[at]).not.toBe(rows[at]);
    await writeFile(file, `${edited.join('\n')}\n`);
    const out: string[] = [];
    const log = console.log;
    console.log = (text: string) => out.push(text);
    try {
      expect(await verifyExport([file])).toBe(1);
      await writeFile(file, `${rows.filter((_, i) => i !== at).join('\n')}\n`);
      expect(await verifyExport([file])).toBe(1);
    } finally {
      console.log = log;
    }
    // both name the line where the chain breaks: the edited one, and the one that took the removed one's place
    expect(out).toEqual([expect.stringContaining(`line ${at + 1}:`), expect.stringContaining(`line ${at + 1}:`)]);
  });

  it('pages the same chain as a machine-readable feed', async () => {
    const first = await regulator.request(
      'GET',
      withQuery(routes.regulatorFeed, { id: regulatorId }, { since: today(), limit: '2' }),
    );
    expect(first.status).toBe(200);
    expect(first.body.lines.map((l: { seq: number }) => l.seq)).toEqual([1, 2]);
    const second = await regulator.request(
      'GET',
      withQuery(routes.regulatorFeed, { id: regulatorId }, { since: today(), after: '2', limit: '2' }),
    );
    expect(second.body.lines[0].prevHash).toBe(first.body.lines[1].hash);
  });

  it('refuses a since day in the future or malformed with a 400 {error}', async () => {
    for (const since of ['2999-01-01', 'yesterday', '2026-02-30']) {
      const response = await regulator.request(
        'GET',
        withQuery(routes.regulatorExport, { id: regulatorId }, { since }),
      );
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });
});
