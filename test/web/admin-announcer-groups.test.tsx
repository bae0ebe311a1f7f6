// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { ListAnnouncerScreen } from '@web/features/staff/screens/ListAnnouncerScreen';
import { anAnnouncer, balancesOf, promoId } from './support/admin-records';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket } from './support/fake-websocket';
import { json, never, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** Announcers' List: announcers grouped by partner (spec sections 2, 4, 5, 7, 8). */

const ANNOUNCERS = [
  anAnnouncer(balancesOf({ 'Friday Draw': '12.50', 'Sunday Jackpot': '0.00' })),
  anAnnouncer({
    ID: 'a-2',
    Username: 'Mama Tee',
    Email: 'tee@kissfm.lr',
    SearchString: 'TEE',
    LastCheckIn: '2025-01-02T08:00:00.000Z',
  }),
  anAnnouncer({
    ID: 'a-3',
    Username: 'Big Joe',
    Email: 'joe@elbc.lr',
    SearchString: 'JOE',
    PartnerSearchString: 'ELBC',
    MobileMoneyNumber: '231777000333',
  }),
  anAnnouncer({
    ID: 'a-4',
    Username: 'Lone Voice',
    Email: 'lone@mail.lr',
    SearchString: 'LONE',
    PartnerSearchString: '',
  }),
];

useScreenEnvironment();

function renderScreen(responder: Responder = () => json(200, { message: 'ok', Payouts: [] })) {
  const stub = renderAdminScreen(<ListAnnouncerScreen />, { responder });
  const socket = openLatestSocket();
  const send = (topic: string, event: string, data: unknown) => act(() => socket.serverSend({ topic, event, data }));
  send(topicNames.adminPartnerOptions, 'partner-options', [
    { label: 'Kiss FM', value: 'KISS' },
    { label: 'ELBC Radio', value: 'ELBC' },
  ]);
  const publish = (list: AnnouncerRecord[]) => send(topicNames.adminAnnouncers, 'announcers', { Announcers: list });
  publish(ANNOUNCERS);
  return { ...stub, socket, publish };
}

const toggles = () =>
  screen.getAllByRole('button', { expanded: true }).concat(screen.queryAllByRole('button', { expanded: false }));
const groupNamed = (name: string) => within(screen.getByRole('region', { name }));
const rowOf = (username: string) => within(screen.getByText(username).closest('tr')!);
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the groups', () => {
  it("groups the live announcers by partner with counts, 'Unassigned' last", () => {
    const { socket } = renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: "Announcers' List" })).toBeTruthy();
    expect(socket.subscribedTopics().sort()).toEqual(
      [topicNames.adminAnnouncers, topicNames.adminPartnerOptions].sort(),
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'ELBC Radio (1) · ELBC',
      'Kiss FM (2) · KISS',
      'Unassigned (1)',
    ]);
    expect(
      groupNamed('Kiss FM')
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.firstChild!.textContent),
    ).toEqual(['DJ Blaze', 'Mama Tee']);
    expect(groupNamed('Unassigned').getByText('Lone Voice')).toBeTruthy();
    const headers = groupNamed('Kiss FM')
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Username',
      'Contact Number',
      'Activity',
      'Account Balance',
      'Actions',
      'Payment',
      'Edit',
    ]);
  });

  it('collapses and expands a group', () => {
    renderScreen();
    const toggle = screen.getByRole('button', { name: /^Kiss FM \(2\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Check In DJ Blaze' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Announcers of Kiss FM' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check In Big Joe' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Check In DJ Blaze' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Announcers of Kiss FM' })).toBeTruthy();
    expect(toggles()).toHaveLength(3);
  });

  it('follows the topic: a moved announcer changes groups and counts without a reload', () => {
    const { publish } = renderScreen();
    publish(ANNOUNCERS.map((a) => (a.ID === 'a-4' ? { ...a, PartnerSearchString: 'ELBC' } : a)));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'ELBC Radio (2) · ELBC',
      'Kiss FM (2) · KISS',
    ]);
  });

  it('searches by username, email, partner search string or mobile money number', () => {
    renderScreen();
    const search = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
    expect(screen.getByText('4 announcer(s)')).toBeTruthy();
    search('elbc');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['ELBC Radio (1) · ELBC']);
    // the count follows the search
    expect(screen.getByText('1 of 4 announcer(s)')).toBeTruthy();
    search('TEE@');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Kiss FM (1) · KISS']);
    search('231777000333');
    expect(screen.getByText('Big Joe')).toBeTruthy();
    expect(screen.queryByText('DJ Blaze')).toBeNull();
    search('nobody');
    expect(screen.getByText('No announcers found')).toBeTruthy();
  });
});

describe('each announcer', () => {
  it('shows activity and the check button by state: Check In when not checked in, Check Out when checked in', () => {
    renderScreen();
    expect(rowOf('DJ Blaze').getByText('Not Checked In')).toBeTruthy();
    expect(rowOf('DJ Blaze').getByRole('button', { name: 'Check In DJ Blaze' })).toBeTruthy();
    expect(rowOf('DJ Blaze').queryByRole('button', { name: /Check Out/ })).toBeNull();
    expect(rowOf('Mama Tee').getByText('Checked In')).toBeTruthy();
    expect(rowOf('Mama Tee').getByRole('button', { name: 'Check Out Mama Tee' })).toBeTruthy();
    expect(rowOf('Mama Tee').queryByRole('button', { name: /Check In/ })).toBeNull();
    expect(rowOf('DJ Blaze').getByText('231886000001')).toBeTruthy();
    for (const name of ['Delete DJ Blaze', 'Make Payment to DJ Blaze', 'Edit DJ Blaze'])
      expect(rowOf('DJ Blaze').getByRole('button', { name })).toBeTruthy();
  });

  it('shows the balance total with a per-promotion details popup', () => {
    renderScreen();
    expect(rowOf('DJ Blaze').getByText('L$ 12.50')).toBeTruthy();
    click("View Details of DJ Blaze's balance");
    expect(
      within(screen.getByRole('dialog'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Friday DrawL$ 12.50', 'Sunday JackpotL$ 0.00']);
  });

  it("checks in with the spec's texts", async () => {
    const { requests } = renderScreen(() =>
      json(200, { message: messages.announcer.checkedIn, Announcer: anAnnouncer() }),
    );
    await act(async () => click('Check In DJ Blaze'));
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/admin/admin-1/checkin',
      body: { search_string: 'BLAZE' },
    });
    expect(await screen.findByText(`${messages.announcer.checkedIn} DJ Blaze`)).toBeTruthy();
  });

  it('deletes through the confirmation dialog', async () => {
    const { requests } = renderScreen(() => json(200, { message: messages.announcer.deleted }));
    click('Delete Big Joe');
    const dialog = within(screen.getByRole('dialog', { name: 'Delete announcer' }));
    expect(dialog.getByText(/permanent and irreversible/)).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Delete' })));
    expect(requests[0]).toMatchObject({ method: 'DELETE', body: { search_string: 'JOE' } });
    expect(await screen.findByText(messages.announcer.deleted)).toBeTruthy();
  });

  it('Edit opens the update popup for that announcer', () => {
    renderScreen();
    click('Edit Big Joe');
    const dialog = within(screen.getByRole('dialog', { name: 'Update announcer: Big Joe' }));
    expect((dialog.getByRole('combobox', { name: 'Partner' }) as HTMLSelectElement).value).toBe('ELBC');
  });
});

describe('the row actions', () => {
  it('puts Delete last, in its own group apart from Check In/Out, Make Payment and Edit', () => {
    renderScreen();
    const row = screen.getByText('DJ Blaze').closest('tr')!;
    const names = within(row)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names.at(-1)).toBe('Delete DJ Blaze');
    const group = within(row).getByRole('group', { name: 'Destructive actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Delete DJ Blaze']);
    const check = within(row).getByRole('button', { name: /^Check (In|Out) DJ Blaze$/ });
    expect(check.closest('td')).not.toBe(group.closest('td'));
  });
});

describe('Make Payment', () => {
  it('pays through the two-step dialog: PUT pay-announcer with the spec body and an Idempotency-Key', async () => {
    // the success text only for an answer that says the payout is paid
    const paid = {
      ID: 'payout-1',
      PromotionID: promoId('Friday Draw'),
      Promotion: 'Friday Draw',
      Amount: '12.50',
      Status: 'paid',
    };
    const { requests } = renderScreen(() => json(200, { message: messages.announcer.paid, Payouts: [paid] }));
    click('Make Payment to DJ Blaze');
    expect(screen.queryByLabelText('Sunday Jackpot')).toBeNull();
    click('Pay Full Friday Draw');
    click('Next');
    await act(async () => click('Confirm'));
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/admin/admin-1/pay-announcer',
      body: {
        username: 'DJ Blaze',
        search_string: 'BLAZE',
        partner_search_string: 'KISS',
        mobile_money_number: '231886000001',
        account_balance: { [promoId('Friday Draw')]: '12.50' },
      },
    });
    expect(requests[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(`${messages.announcer.paid} L$ 12.50 to DJ Blaze`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is disabled for that announcer while its payment is processing', async () => {
    renderScreen(() => never());
    click('Make Payment to DJ Blaze');
    click('Pay Full Balance');
    click('Next');
    await act(async () => click('Confirm'));
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    click('Cancel');
    expect(
      (rowOf('DJ Blaze').getByRole('button', { name: 'Make Payment to DJ Blaze' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // with no balance above 0 there is nothing to pay: disabled, and it says why
    const bigJoe = rowOf('Big Joe').getByRole('button', { name: 'Make Payment to Big Joe' }) as HTMLButtonElement;
    expect(bigJoe.disabled).toBe(true);
    expect(bigJoe.title).toBe('Nothing to pay');
  });
});
