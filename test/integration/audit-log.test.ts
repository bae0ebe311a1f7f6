import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, routes } from '@shared/api/routes';
import type { AuditLine, AuditLogResponse } from '@shared/api/schemas/staff';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import {
  aCheckedInAnnouncer,
  anAnnouncer,
  aPartner,
  aStaffUser,
  FIXTURE_PASSWORD,
  fixtureSuperAdmin,
  signedIn,
  uniqueCode,
  uniqueEmail,
} from '../support/fixtures';

/** The audit log (DESIGN section 4): every staff write, append-only, newest first with paging. */
let admin: StaffUser;
let client: ApiClient;

beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

const page = (query: Record<string, string> = {}) =>
  client.request('GET', `/api/v1/admin/${admin.id}/audit-log?${new URLSearchParams(query)}`);

/** Walk the log newest first, `limit` per page, until `done` says stop or it ends. */
async function walk(
  limit: number,
  done: (seen: AuditLine[]) => boolean,
  maxPages = 200,
): Promise<{ lines: AuditLine[]; raw: string[] }> {
  const lines: AuditLine[] = [];
  const raw: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i += 1) {
    const response = await page({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeLessThanOrEqual(limit);
    const body = response.body as AuditLogResponse;
    raw.push(response.text);
    lines.push(...body.items);
    cursor = body.cursor;
    if (!cursor || done(lines)) break;
  }
  return { lines, raw };
}

const linesFor = (lines: AuditLine[], target: string) => lines.filter((line) => line.target === target);

describe('audit log', () => {
  it('records every partner and announcer write with actor, action, target, time, address, before and after', async () => {
    const partner = await aPartner();
    const announcer = await anAnnouncer(partner);
    const newCode = uniqueCode('AUDITED');
    const writes: Array<[keyof typeof routes, unknown]> = [
      [
        'updatePartner',
        {
          id: partner.ID,
          username: 'Audited FM',
          email: partner.Email,
          search_string: partner.SearchString,
          mobile_money_number: partner.MobileMoneyNumber,
          password: 'a-new-password',
        },
      ],
      [
        'updateAnnouncer',
        {
          id: announcer.ID,
          username: announcer.Username,
          email: announcer.Email,
          mobile_money_number: announcer.MobileMoneyNumber,
          search_string: newCode,
        },
      ],
      ['checkInAnnouncer', { search_string: newCode }],
      ['checkOutAnnouncer', { search_string: newCode }],
      ['deleteAnnouncer', { search_string: newCode }],
      ['deletePartner', { search_string: partner.SearchString }],
    ];
    for (const [name, body] of writes)
      expect((await client.call(routes[name], { id: admin.id }, body)).status, name).toBe(200);

    const partnerTarget = `partner:${partner.SearchString}`;
    const announcerTargets = [`announcer:${announcer.SearchString}`, `announcer:${newCode}`];
    const { lines, raw } = await walk(100, (seen) =>
      linesFor(seen, partnerTarget).some((l) => l.action === 'partner.create'),
    );
    const ours = lines.filter((line) => line.target === partnerTarget || announcerTargets.includes(line.target));

    // newest first
    expect(ours.map((line) => line.action)).toEqual([
      'partner.delete',
      'announcer.delete',
      'announcer.checkout',
      'announcer.checkin',
      'announcer.update',
      'partner.update',
      'announcer.create',
      'partner.create',
    ]);
    for (const line of ours) {
      // named as the admin is called now, not only by id
      expect(line).toMatchObject({
        actorId: admin.id,
        actorName: admin.username,
        actorRole: 'admin',
        id: expect.any(String),
      });
      expect(line.sourceIp).toMatch(/\d|:/);
      expect(new Date(line.at).toISOString()).toBe(line.at);
    }
    const byAction = Object.fromEntries(ours.map((line) => [line.action, line]));
    expect(byAction['partner.create']?.before).toBeUndefined();
    expect(byAction['partner.create']?.after).toMatchObject({
      id: partner.ID,
      searchString: partner.SearchString,
      role: 'partner',
    });
    expect(byAction['partner.update']?.before).toMatchObject({ username: partner.Username });
    expect(byAction['partner.update']?.after).toMatchObject({ username: 'Audited FM', passwordChanged: true });
    expect(byAction['announcer.update']?.after).toMatchObject({ searchString: newCode });
    expect(byAction['announcer.checkin']).toMatchObject({
      before: { lastCheckIn: null },
      after: { lastCheckIn: expect.any(String) },
    });
    expect(byAction['announcer.checkout']).toMatchObject({
      before: { lastCheckIn: expect.any(String) },
      after: { lastCheckIn: null },
    });
    expect(byAction['partner.delete']?.before).toMatchObject({ id: partner.ID });
    expect(byAction['partner.delete']?.after).toBeUndefined();

    // no password hash anywhere in what the log serves
    for (const text of raw) {
      expect(text).not.toContain('passwordHash');
      expect(text).not.toContain('scrypt$');
    }
  });

  it('names an announcer who acted by its username, not its raw id', async () => {
    const announcer = await aStaffUser('announcer');
    const own = await signedIn(announcer);
    const changed = await own.call(
      routes.changePassword,
      {},
      {
        current_password: FIXTURE_PASSWORD,
        new_password: 'an-announcer-pass-9',
        confirm_password: 'an-announcer-pass-9',
      },
    );
    expect(changed.status, changed.text).toBe(200);
    const response = await page({ actor: announcer.id });
    expect(response.status).toBe(200);
    const lines = (response.body as AuditLogResponse).items;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ actorId: announcer.id, actorName: announcer.username });
  });

  it('writes no line for a refused write', async () => {
    const partner = await aPartner();
    const code = uniqueCode('REFUSED');
    const refused = await client.call(
      routes.createPartner,
      { id: admin.id },
      {
        username: 'Dup FM',
        email: partner.Email,
        password: 'a-good-password',
        search_string: code,
        mobile_money_number: '0777123456',
      },
    );
    expect(refused.status).toBe(409);
    const { lines } = await walk(100, (seen) => linesFor(seen, `partner:${partner.SearchString}`).length > 0);
    expect(linesFor(lines, `partner:${code}`)).toEqual([]);
  });

  it('pages newest first with a cursor, without repeats', async () => {
    await aCheckedInAnnouncer();
    const first = await page({ limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.cursor).toEqual(expect.any(String));

    const { lines } = await walk(2, (seen) => seen.length >= 8);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    const times = lines.map((line) => line.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('defaults to 50 per page and refuses bad paging values', async () => {
    for (let i = 0; i < 3; i += 1) await aPartner({ email: uniqueEmail('fill') });
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeGreaterThan(0);
    expect(response.body.items.length).toBeLessThanOrEqual(50);
    const badQueries: Array<Record<string, string>> = [
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { limit: '2.5' },
      { cursor: 'not-a-cursor' },
    ];
    for (const query of badQueries) {
      const bad = await page(query);
      expect(bad.status, JSON.stringify(query)).toBe(400);
      expect(bad.body.error).toEqual(expect.any(String));
    }
  });

  it('is append-only: the routing table has no way to change or delete it', () => {
    const auditRoutes = allRoutes.filter(([name, spec]) => /audit/i.test(name) || /audit/i.test(spec.path));
    // reads only: the log's screen and its CSV export (the support desk's exports)
    expect(auditRoutes.map(([name, spec]) => [name, spec.method])).toEqual([
      ['auditLog', 'GET'],
      ['exportAudit', 'GET'],
    ]);
  });
});
