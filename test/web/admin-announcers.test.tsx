// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnnouncerRecord, PartnerOption } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { CreateAnnouncerScreen } from '@web/features/staff/screens/CreateAnnouncerScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { anAnnouncer } from './support/admin-records';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket } from './support/fake-websocket';
import { json, offline, type Responder } from './support/fetch';
import { actionGroups } from './support/actions';
import { useScreenEnvironment } from './support/screen-environment';

/**
 * Create Announcer with its live partner dropdown, and the searchable
 * announcer list under it (spec sections 2, 4, 5, 7, 8).
 */

const OPTIONS: PartnerOption[] = [
  { label: 'Kiss FM', value: 'KISS' },
  { label: '', value: 'NONAME' },
];

const CHECKED_IN = anAnnouncer({
  ID: 'a-2',
  Username: 'Mama Tee',
  Email: 'tee@elbc.lr',
  MobileMoneyNumber: '231777000222',
  SearchString: 'TEE',
  PartnerSearchString: 'ELBC',
  LastCheckIn: '2025-01-02T08:00:00.000Z',
});

const sounds = useScreenEnvironment();

function renderScreen(responder: Responder = () => json(200, { message: 'ok' })) {
  const stub = renderAdminScreen(<CreateAnnouncerScreen />, { responder });
  const socket = openLatestSocket();
  const send = (topic: string, event: string, data: unknown) => act(() => socket.serverSend({ topic, event, data }));
  return {
    ...stub,
    socket,
    options: (options: PartnerOption[]) => send(topicNames.adminPartnerOptions, 'partner-options', options),
    announcers: (list: AnnouncerRecord[]) => send(topicNames.adminAnnouncers, 'announcers', { Announcers: list }),
  };
}

const form = () => within(screen.getByRole('region', { name: 'New announcer' }));
const list = () => within(screen.getByRole('region', { name: 'Announcers' }));
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => [o.textContent, o.value]);

const FIELDS = {
  Username: 'DJ New',
  Email: 'new@kissfm.lr',
  'Mobile Money Number': '0886123456',
  'Search String': 'NEWDJ',
};

function fill(except?: string) {
  for (const [label, value] of Object.entries(FIELDS)) {
    if (label !== except) fireEvent.change(form().getByRole('textbox', { name: label }), { target: { value } });
  }
  if (except !== 'Password')
    fireEvent.change(form().getByLabelText(/^Password/), { target: { value: 'secret-pass-1' } });
  fireEvent.change(form().getByRole('combobox', { name: 'Assign a Partner' }), { target: { value: 'KISS' } });
}

describe('create announcer', () => {
  it("fills the required 'Assign a Partner' dropdown live from admin/partner-options, 'Unnamed Partner' without a name", () => {
    const { socket, options } = renderScreen();
    expect(socket.subscribedTopics().sort()).toEqual(
      [topicNames.adminAnnouncers, topicNames.adminPartnerOptions].sort(),
    );
    const select = form().getByRole('combobox', { name: 'Assign a Partner' }) as HTMLSelectElement;
    expect(select.required).toBe(true);
    expect(select.closest('.field')!.querySelector('label')!.textContent).toBe('Assign a Partner *');
    options(OPTIONS);
    expect(optionsOf(select)).toEqual([
      ['Select a partner', ''],
      ['Kiss FM', 'KISS'],
      [messages.partner.unnamed, 'NONAME'],
    ]);
    // a partner created meanwhile appears without a reload
    options([...OPTIONS, { label: 'ELBC Radio', value: 'ELBC' }]);
    expect(optionsOf(select).at(-1)).toEqual(['ELBC Radio', 'ELBC']);
  });

  it.each([
    'Username',
    'Email',
    'Password',
    'Mobile Money Number',
    'Search String',
  ])("without %s says 'All fields with * must be filled.' and sends nothing", async (missing) => {
    const { options, requests } = renderScreen();
    options(OPTIONS);
    fill(missing);
    fireEvent.click(form().getByRole('button', { name: 'Create Announcer' }));
    expect(await screen.findByText(messages.validation.allFieldsStar)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(requests).toHaveLength(0);
  });

  it("sends the spec body, says 'Announcer created successfully!' and clears the form", async () => {
    const { options, requests } = renderScreen(() =>
      json(201, { message: messages.announcer.created, Announcer: anAnnouncer() }),
    );
    options(OPTIONS);
    fill();
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'Create Announcer' })));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/admin-1/create-announcer',
      body: {
        username: 'DJ New',
        email: 'new@kissfm.lr',
        mobile_money_number: '0886123456',
        password: 'secret-pass-1',
        search_string: 'NEWDJ',
        partner_search_string: 'KISS',
      },
    });
    expect(await screen.findByText(messages.announcer.created)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    expect((form().getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('');
    expect((form().getByRole('combobox', { name: 'Assign a Partner' }) as HTMLSelectElement).value).toBe('');
  });

  it("shows the server's error, else 'An unexpected error occurred'", async () => {
    let answer: () => Response | Promise<Response> = () => json(409, { error: 'That email is already in use.' });
    const { options } = renderScreen(() => answer());
    options(OPTIONS);
    fill();
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'Create Announcer' })));
    expect(await screen.findByText('That email is already in use.')).toBeTruthy();
    answer = () => offline();
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'Create Announcer' })));
    expect(await screen.findByText(messages.generic.unexpected)).toBeTruthy();
  });
});

describe('the searchable announcer list', () => {
  const names = () =>
    list()
      .queryAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.firstChild!.textContent);

  it.each([
    ['username', 'mama', ['Mama Tee']],
    ['email', 'KISSFM.LR', ['DJ Blaze']],
    ['partner search string', 'elbc', ['Mama Tee']],
    ['mobile money number', '231886', ['DJ Blaze']],
    ['nothing matching', 'zzz', []],
  ])('searches by %s', (_field, query, expected) => {
    const { announcers } = renderScreen();
    announcers([anAnnouncer(), CHECKED_IN]);
    expect(names()).toEqual(['DJ Blaze', 'Mama Tee']);
    fireEvent.change(list().getByRole('searchbox'), { target: { value: query } });
    expect(names()).toEqual(expected);
    if (expected.length === 0) expect(list().getByText('No announcers found')).toBeTruthy();
  });

  it('sets Delete apart from Check In/Out and Update, in its own destructive group', () => {
    const { announcers } = renderScreen();
    announcers([CHECKED_IN]);
    const row = list().getByText('Mama Tee').closest('tr')!;
    expect(actionGroups(row)).toEqual({
      routine: ['Check Out Mama Tee', 'Update Mama Tee'],
      destructive: ['Delete Mama Tee'],
    });
  });

  it('shows Check In when not checked in and Check Out when checked in, and sends them', async () => {
    const { announcers, requests } = renderScreen(() => json(200, { message: 'ok', Announcer: anAnnouncer() }));
    announcers([anAnnouncer(), CHECKED_IN]);
    expect(list().queryByRole('button', { name: 'Check Out DJ Blaze' })).toBeNull();
    expect(list().queryByRole('button', { name: 'Check In Mama Tee' })).toBeNull();
    await act(async () => click('Check In DJ Blaze'));
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/admin/admin-1/checkin',
      body: { search_string: 'BLAZE' },
    });
    expect(await screen.findByText(`${messages.announcer.checkedIn} DJ Blaze`)).toBeTruthy();
    await act(async () => click('Check Out Mama Tee'));
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/admin/admin-1/checkout',
      body: { search_string: 'TEE' },
    });
    expect(await screen.findByText(`${messages.announcer.checkedOut} Mama Tee`)).toBeTruthy();
    // the list follows the topic, not the click
    announcers([anAnnouncer({ LastCheckIn: '2025-01-02T09:00:00.000Z' }), CHECKED_IN]);
    expect(list().getByRole('button', { name: 'Check Out DJ Blaze' })).toBeTruthy();
  });

  it.each([
    'Check In DJ Blaze',
    'Check Out Mama Tee',
  ])("'%s' failing says '❌ Error checking out:' with the reason", async (button) => {
    const { announcers } = renderScreen(() => json(404, { error: 'Announcer not found.' }));
    announcers([anAnnouncer(), CHECKED_IN]);
    await act(async () => click(button));
    expect(await screen.findByText(`${messages.announcer.checkFailed} Announcer not found.`)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
  });

  it("deletes after the confirmation with 'Announcer deleted successfully'", async () => {
    const { announcers, requests } = renderScreen(() => json(200, { message: messages.announcer.deleted }));
    announcers([anAnnouncer()]);
    click('Delete DJ Blaze');
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/permanent and irreversible/)).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Delete' })));
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/admin/admin-1/delete-announcer',
      body: { search_string: 'BLAZE' },
    });
    expect(await screen.findByText(messages.announcer.deleted)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the update popup', () => {
  it('is pre-filled with the fields and the partner, the password empty', () => {
    const { announcers, options } = renderScreen();
    options(OPTIONS);
    announcers([anAnnouncer()]);
    click('Update DJ Blaze');
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('DJ Blaze');
    expect((dialog.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('blaze@kissfm.lr');
    expect((dialog.getByRole('textbox', { name: 'Mobile Money Number' }) as HTMLInputElement).value).toBe(
      '231886000001',
    );
    expect((dialog.getByRole('textbox', { name: 'Search String' }) as HTMLInputElement).value).toBe('BLAZE');
    expect((dialog.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    const partner = dialog.getByRole('combobox', { name: 'Partner' }) as HTMLSelectElement;
    expect(partner.value).toBe('KISS');
    expect(optionsOf(partner).map(([label]) => label)).toEqual([
      'Select a partner',
      'Kiss FM',
      messages.partner.unnamed,
    ]);
  });

  it.each([
    'Username',
    'Email',
    'Mobile Money Number',
    'Search String',
  ])("without %s says 'Missing some important fields'", async (label) => {
    const { announcers, requests } = renderScreen();
    announcers([anAnnouncer()]);
    click('Update DJ Blaze');
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: label }), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Announcer' }));
    expect(await screen.findByText(messages.validation.missingImportantFields)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends with an empty password, shows the confirmation for 5 seconds, then closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { announcers, options, requests } = renderScreen(() =>
      json(200, { message: messages.announcer.updated, Announcer: anAnnouncer() }),
    );
    options([...OPTIONS, { label: 'ELBC Radio', value: 'ELBC' }]);
    announcers([anAnnouncer()]);
    click('Update DJ Blaze');
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Partner' }), { target: { value: 'ELBC' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Update Announcer' })));
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/admin/admin-1/list-announcer/update',
      body: {
        id: 'a-1',
        username: 'DJ Blaze',
        email: 'blaze@kissfm.lr',
        password: '',
        mobile_money_number: '231886000001',
        search_string: 'BLAZE',
        partner_search_string: 'ELBC',
      },
    });
    expect(dialog.getByRole('status').textContent).toBe(messages.announcer.updated);
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    // live updates meanwhile do not restart the count
    act(() => vi.advanceTimersByTime(3000));
    announcers([anAnnouncer({ PartnerSearchString: 'ELBC' })]);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText(messages.announcer.updated)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
