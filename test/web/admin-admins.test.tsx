// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf } from '@shared/api/routes';
import { adminAccountRoutes } from '@shared/api/routes/admin-accounts';
import { adminStaffRoutes } from '@shared/api/routes/admin-staff';
import {
  adminIdRequest,
  createAdminRequest,
  createRegulatorRequest,
  updateAdminRequest,
  updateRegulatorRequest,
  type AdminRecord,
  type RegulatorRecord,
} from '@shared/api/schemas/admins';
import { oversightMessages } from '@shared/oversight-messages';
import type { AuditLine } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { AdminsScreen } from '@web/features/staff/screens/AdminsScreen';
import { AuditLogScreen } from '@web/features/staff/screens/AuditLogScreen';
import { actionGroups } from './support/actions';
import { renderAdminScreen } from './support/admin-screen';
import { json, type Responder, type SeenRequest } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** The Admins and Audit log screens (super admins run settings and admins from the portal; DESIGN section 1). */

const BOSS = 'adm-boss';
useScreenEnvironment({ webSocket: 'none' });

const anAdmin = (overrides: Partial<AdminRecord>): AdminRecord => ({
  ID: 'adm-x',
  Username: 'x',
  Email: 'x@raffle.lr',
  SuperAdmin: false,
  Active: true,
  CreatedAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

/**
 * The accounts routes as their contract says (shared/api/endpoints/admin-accounts.ts): each request
 * body parsed with the route's schema, each answer in the route's answer shape, the list kept in memory.
 */
function accountsServer(initial: AdminRecord[], initialRegulators: RegulatorRecord[] = []) {
  const admins = initial.map((admin) => ({ ...admin }));
  const regulators = initialRegulators.map((regulator) => ({ ...regulator }));
  const path = (route: keyof typeof adminAccountRoutes) => pathOf(adminAccountRoutes[route], { id: BOSS });
  const responder: Responder = (request) => {
    if (request.method === 'GET' && request.url === path('listAdmins')) return json(200, { Admins: admins });
    if (request.method === 'POST' && request.url === path('createAdmin')) {
      const body = createAdminRequest.parse(request.body);
      const Admin = anAdmin({
        ID: `adm-${admins.length + 1}`,
        Username: body.username,
        Email: body.email,
        SuperAdmin: body.super_admin,
      });
      admins.push(Admin);
      return json(201, { message: messages.admins.created, Admin });
    }
    if (request.method === 'PUT' && request.url === path('updateAdmin')) {
      const body = updateAdminRequest.parse(request.body);
      const admin = admins.find((a) => a.ID === body.admin_id)!;
      if (body.active !== undefined) admin.Active = body.active;
      if (body.super_admin !== undefined) admin.SuperAdmin = body.super_admin;
      if (body.support !== undefined) admin.Support = body.support;
      return json(200, { message: messages.admins.updated, Admin: admin });
    }
    if (request.method === 'PUT' && request.url === path('resetAdminPassword')) {
      const admin = admins.find((a) => a.ID === adminIdRequest.parse(request.body).admin_id)!;
      return json(200, { message: messages.admins.passwordReset, Admin: admin, TemporaryPassword: 'Tmp-7Qx2-kR9m' });
    }
    if (request.method === 'GET' && request.url === path('listRegulators'))
      return json(200, { Regulators: regulators });
    if (request.method === 'POST' && request.url === path('createRegulator')) {
      const body = createRegulatorRequest.parse(request.body);
      const Regulator = {
        ...anAdmin({ ID: `reg-${regulators.length + 1}`, Username: body.username, Email: body.email }),
      };
      const { SuperAdmin: _, ...record } = Regulator;
      regulators.push(record);
      return json(201, { message: oversightMessages.regulators.created, Regulator: record });
    }
    if (request.method === 'PUT' && request.url === path('updateRegulator')) {
      const body = updateRegulatorRequest.parse(request.body);
      const regulator = regulators.find((r) => r.ID === body.regulator_id)!;
      regulator.Active = body.active;
      return json(200, { message: oversightMessages.regulators.updated, Regulator: regulator });
    }
    return json(404, { error: 'Not found' });
  };
  return { admins, regulators, responder };
}

const BOSS_RECORD = anAdmin({ ID: BOSS, Username: 'boss', Email: 'boss@raffle.lr', SuperAdmin: true });
const MARY = anAdmin({ ID: 'adm-mary', Username: 'mary', Email: 'mary@raffle.lr' });
const JOE = anAdmin({ ID: 'adm-joe', Username: 'joe', Email: 'joe@raffle.lr', Active: false });

function renderAdmins() {
  const server = accountsServer([BOSS_RECORD, MARY, JOE]);
  const stub = renderAdminScreen(<AdminsScreen />, { responder: server.responder, adminId: BOSS });
  return { ...stub, server };
}

// the section (its table's scroll box is a region of the same name)
const sectionOf = (heading: string) => screen.getByRole('heading', { name: heading }).closest('section')!;
const list = () => within(sectionOf('Admins and super admins'));
const rowOf = (username: string) => list().getByText(username).closest('tr')!;
const cellsOf = (username: string) =>
  within(rowOf(username))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const writes = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');

describe('the Admins screen', () => {
  it('says what the guard really does: only the last active super admin is protected', async () => {
    renderAdmins();
    await list().findByText('mary');
    expect(
      screen.getByText(/The last active super admin cannot be disabled or demoted: make another super admin first\./),
    ).toBeDefined();
    expect(screen.queryByText(/at least two active super admins/)).toBeNull();
  });

  it('sets Disable apart from Make super admin, Give support desk and Reset password, in its own destructive group', async () => {
    renderAdmins();
    await list().findByText('mary');
    expect(actionGroups(rowOf('mary'))).toEqual({
      routine: ['Make super admin: mary', 'Give support desk: mary', 'Reset password: mary'],
      destructive: ['Disable mary'],
    });
  });

  it('gives an admin the support desk after confirming, and the list says so', async () => {
    const { requests } = renderAdmins();
    await list().findByText('mary');
    fireEvent.click(within(rowOf('mary')).getByRole('button', { name: 'Give support desk: mary' }));
    const confirm = screen.getByRole('dialog', { name: 'Give support desk' });
    expect(confirm.textContent).toContain('mary (mary@raffle.lr) can look players up with their full numbers');
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Give support desk' }));
    expect(await screen.findByText(messages.admins.updated)).toBeTruthy();
    expect(writes(requests).map((r) => [r.url, r.body])).toEqual([
      [pathOf(adminAccountRoutes.updateAdmin, { id: BOSS }), { admin_id: 'adm-mary', support: true }],
    ]);
    await vi.waitFor(() => expect(cellsOf('mary')[2]).toBe('Admin, support desk'));
    expect(within(rowOf('mary')).getByRole('button', { name: 'Take support desk: mary' })).toBeTruthy();
  });

  it('resets a password after confirming, and shows the new one once', async () => {
    const { requests } = renderAdmins();
    await list().findByText('mary');
    fireEvent.click(within(rowOf('mary')).getByRole('button', { name: 'Reset password: mary' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset password' });
    expect(confirm.textContent).toContain('mary (mary@raffle.lr) gets a new password, shown to you once');
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));

    const shown = await screen.findByRole('dialog', { name: 'New password' });
    expect(shown.textContent).toContain(messages.admins.passwordReset);
    expect(within(shown).getByText('Tmp-7Qx2-kR9m').tagName).toBe('CODE');
    expect(shown.textContent).toContain('mary: Tmp-7Qx2-kR9m');
    expect(writes(requests).map((r) => [r.url, r.body])).toEqual([
      [pathOf(adminAccountRoutes.resetAdminPassword, { id: BOSS }), { admin_id: 'adm-mary' }],
    ]);
    // once: Done closes it, and the password is nowhere on the screen again
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Tmp-7Qx2-kR9m/)).toBeNull();
  });

  it('enables a disabled admin after confirming, and the list shows them active', async () => {
    const { requests, server } = renderAdmins();
    await list().findByText('joe');
    expect(cellsOf('joe').slice(2, 4)).toEqual(['Admin', 'Disabled']);
    // a disabled admin has nothing to disable: no destructive group, Enable instead
    expect(within(rowOf('joe')).queryByRole('group', { name: 'Destructive actions' })).toBeNull();
    fireEvent.click(within(rowOf('joe')).getByRole('button', { name: 'Enable joe' }));
    const confirm = screen.getByRole('dialog', { name: 'Enable admin' });
    expect(confirm.textContent).toContain('joe (joe@raffle.lr) can sign in again');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enable' }));

    expect(await screen.findByText(messages.admins.updated)).toBeTruthy();
    expect(writes(requests).map((r) => [r.url, r.body])).toEqual([
      [pathOf(adminAccountRoutes.updateAdmin, { id: BOSS }), { admin_id: 'adm-joe', active: true }],
    ]);
    await vi.waitFor(() => expect(cellsOf('joe')[3]).toBe('Active'));
    expect(server.admins.find((a) => a.ID === 'adm-joe')!.Active).toBe(true);
    expect(within(rowOf('joe')).getByRole('button', { name: 'Disable joe' })).toBeTruthy();
  });

  it('creates a plain admin (the role left at Admin) and lists them as Admin', async () => {
    const { requests } = renderAdmins();
    await list().findByText('mary');
    const form = within(screen.getByRole('form', { name: 'New admin' }));
    expect((form.getByRole('radio', { name: /^Admin \(Overview and Winner\)/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(form.getByLabelText(/^Username/), { target: { value: 'kollie' } });
    fireEvent.change(form.getByLabelText(/^Email/), { target: { value: 'kollie@raffle.lr' } });
    fireEvent.change(form.getByLabelText(/^Password/), { target: { value: 'Kollie-pass-2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Create admin' }));

    expect(await screen.findByText(messages.admins.created)).toBeTruthy();
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'POST',
        pathOf(adminAccountRoutes.createAdmin, { id: BOSS }),
        { username: 'kollie', email: 'kollie@raffle.lr', password: 'Kollie-pass-2026', super_admin: false },
      ],
    ]);
    await list().findByText('kollie');
    expect(cellsOf('kollie').slice(1, 4)).toEqual(['kollie@raffle.lr', 'Admin', 'Active']);
    // the form is empty again for the next one
    expect((form.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('');
  });
});

describe('regulator accounts on the Admins screen (issue 36)', () => {
  const INSPECTOR: RegulatorRecord = {
    ID: 'reg-lga',
    Username: 'lga-inspector',
    Email: 'inspector@lga.gov.lr',
    Active: true,
    CreatedAt: '2026-11-01T09:00:00.000Z',
  };
  const regulators = () => within(sectionOf('Regulators'));
  const regulatorCells = (username: string) =>
    within(regulators().getByText(username).closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('creates a regulator, then disables and re-enables it after confirming each time', async () => {
    const server = accountsServer([BOSS_RECORD], [INSPECTOR]);
    const { requests } = renderAdminScreen(<AdminsScreen />, { responder: server.responder, adminId: BOSS });
    await regulators().findByText('lga-inspector');
    const form = within(screen.getByRole('form', { name: 'New regulator' }));
    fireEvent.change(form.getByLabelText(/^Regulator username/), { target: { value: 'nla-audit' } });
    fireEvent.change(form.getByLabelText(/^Regulator email/), { target: { value: 'audit@nla.gov.lr' } });
    fireEvent.change(form.getByLabelText(/^Regulator password/), { target: { value: 'Nla-audit-2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Create regulator' }));
    expect(await screen.findByText(oversightMessages.regulators.created)).toBeTruthy();
    await regulators().findByText('nla-audit');
    expect(regulatorCells('nla-audit')).toEqual(['nla-audit', 'audit@nla.gov.lr', 'Active', 'Disable']);

    fireEvent.click(regulators().getByRole('button', { name: 'Disable regulator lga-inspector' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable regulator' });
    expect(confirm.textContent).toContain('lga-inspector (inspector@lga.gov.lr) cannot sign in until enabled again');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await vi.waitFor(() => expect(regulatorCells('lga-inspector')[2]).toBe('Disabled'));

    fireEvent.click(regulators().getByRole('button', { name: 'Enable regulator lga-inspector' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Enable regulator' })).getByRole('button', { name: 'Enable' }),
    );
    await vi.waitFor(() => expect(regulatorCells('lga-inspector')[2]).toBe('Active'));
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'POST',
        pathOf(adminAccountRoutes.createRegulator, { id: BOSS }),
        { username: 'nla-audit', email: 'audit@nla.gov.lr', password: 'Nla-audit-2026' },
      ],
      ['PUT', pathOf(adminAccountRoutes.updateRegulator, { id: BOSS }), { regulator_id: 'reg-lga', active: false }],
      ['PUT', pathOf(adminAccountRoutes.updateRegulator, { id: BOSS }), { regulator_id: 'reg-lga', active: true }],
    ]);
    expect(server.regulators.find((r) => r.ID === 'reg-lga')!.Active).toBe(true);
  });
});

// ── Audit log ────────────────────────────────────────────────────────────────

const aLine = (overrides: Partial<AuditLine>): AuditLine => ({
  id: 'l-x',
  at: '2026-11-20T10:00:00.000Z',
  actorId: BOSS,
  actorRole: 'admin',
  action: 'admin.update',
  target: 'adm-mary',
  sourceIp: '127.0.0.1',
  ...overrides,
});
const LINES = [
  aLine({ id: 'l-3', at: '2026-11-25T08:00:00.000Z', action: 'admin.reset-password', target: 'adm-joe' }),
  aLine({ id: 'l-2', at: '2026-11-20T10:00:00.000Z', action: 'admin.update', target: 'adm-mary' }),
  aLine({ id: 'l-1', at: '2026-11-02T09:30:00.000Z', action: 'partner.create', target: 'KISSFM' }),
];

/**
 * GET audit-log as its contract says (shared/api/schemas/staff.ts auditLogQuery): filtered by
 * actor, action (or its start), part of the target and GMT days, inclusive; "from" after "to" is
 * refused with the spec's message.
 */
const auditServer =
  (accounts: Responder, lines: AuditLine[] = LINES): Responder =>
  (request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== pathOf(adminStaffRoutes.auditLog, { id: BOSS })) return accounts(request);
    const q = Object.fromEntries(url.searchParams);
    if (q.from && q.to && q.from > q.to) return json(400, { error: messages.auditLog.badDate });
    const items = lines.filter(
      (line) =>
        (!q.actor || line.actorId === q.actor) &&
        (!q.action || line.action.startsWith(q.action)) &&
        (!q.target || line.target.includes(q.target)) &&
        (!q.from || line.at.slice(0, 10) >= q.from) &&
        (!q.to || line.at.slice(0, 10) <= q.to),
    );
    return json(200, { items, cursor: null });
  };

function renderAuditLog() {
  const accounts = accountsServer([BOSS_RECORD, MARY, JOE]);
  return renderAdminScreen(<AuditLogScreen />, { responder: auditServer(accounts.responder), adminId: BOSS });
}

const filters = () => within(screen.getByRole('form', { name: 'Audit log filters' }));
const setFilter = (label: RegExp, value: string) =>
  fireEvent.change(filters().getByLabelText(label), { target: { value } });
const applyFilters = () => fireEvent.click(filters().getByRole('button', { name: 'Filter' }));
const changes = () => within(sectionOf('Changes'));
const shownTargets = () =>
  changes()
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
const lastQuery = (requests: Array<{ url: string }>) =>
  Object.fromEntries(
    new URL(requests.filter((r) => r.url.includes('/audit-log')).at(-1)!.url, 'http://x').searchParams,
  );

describe('the Audit log screen', () => {
  it('filters by target: the server is asked for it and only its lines show', async () => {
    const { requests } = renderAuditLog();
    await vi.waitFor(() => expect(shownTargets()).toEqual(['adm-joe', 'adm-mary', 'KISSFM']));
    setFilter(/^Target/, 'KISS');
    applyFilters();
    await vi.waitFor(() => expect(shownTargets()).toEqual(['KISSFM']));
    expect(lastQuery(requests)).toMatchObject({ target: 'KISS' });
  });

  it('filters by From/To days, says when nothing matches, and Clear shows everything again', async () => {
    const { requests } = renderAuditLog();
    await vi.waitFor(() => expect(shownTargets()).toHaveLength(3));
    setFilter(/^From/, '2026-11-19');
    setFilter(/^To/, '2026-11-25');
    applyFilters();
    await vi.waitFor(() => expect(shownTargets()).toEqual(['adm-joe', 'adm-mary']));
    expect(lastQuery(requests)).toMatchObject({ from: '2026-11-19', to: '2026-11-25' });

    // a past range with no change in it
    setFilter(/^From/, '2025-01-01');
    setFilter(/^To/, '2025-01-31');
    applyFilters();
    expect(await changes().findByText('No changes match these filters.')).toBeTruthy();

    fireEvent.click(filters().getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(shownTargets()).toHaveLength(3));
    expect((filters().getByLabelText(/^From/) as HTMLInputElement).value).toBe('');
  });

  it('names an announcer by the name the server gives, and writes changes in words, money with its currency', async () => {
    const accounts = accountsServer([BOSS_RECORD, MARY, JOE]);
    const line = aLine({
      id: 'l-9',
      actorId: 'ann-7f3c',
      actorName: 'DJ Mo',
      actorRole: 'announcer',
      action: 'promotion.update',
      target: 'promotion:pr-1',
      before: { promotionTitle: 'Friday', priceLrdCents: 10_000 },
      after: { promotionTitle: 'Friday', priceLrdCents: 15_000 },
    });
    renderAdminScreen(<AuditLogScreen />, { responder: auditServer(accounts.responder, [line]), adminId: BOSS });
    await vi.waitFor(() => expect(shownTargets()).toEqual(['promotion:pr-1']));
    const row = changes().getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[1]!.textContent).toBe('DJ Moannouncer');
    expect(row.textContent).not.toContain('ann-7f3c');
    expect(within(row).getByText('price L$ 100.00 → L$ 150.00')).toBeTruthy();
    expect(row.textContent).not.toContain('priceLrdCents');
  });

  it('shows the server\'s bad-date message when "from" is after "to", and no lines', async () => {
    renderAuditLog();
    await vi.waitFor(() => expect(shownTargets()).toHaveLength(3));
    setFilter(/^From/, '2026-11-25');
    setFilter(/^To/, '2026-11-01');
    applyFilters();
    expect(await changes().findByText(messages.auditLog.badDate)).toBeTruthy();
    expect(shownTargets()).toEqual([]);
  });
});
