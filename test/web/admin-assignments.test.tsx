// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, pathOf } from '@shared/api/routes';
import type { AssignmentGroup, AssignmentRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { AssignPartnerPromotionScreen } from '@web/features/staff/screens/AssignPartnerPromotionScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket, type FakeWebSocket } from './support/fake-websocket';
import { json, type Responder, type SeenRequest } from './support/fetch';
import { actionGroups } from './support/actions';
import { useScreenEnvironment } from './support/screen-environment';

/** Partner Promotions (spec sections 2, 4, 5, 7, 8): assign-partner-promotion. */
const ADMIN = 'admin-1';

function anAssignment(overrides: Partial<AssignmentRecord> = {}): AssignmentRecord {
  return {
    ID: 'as-1',
    Partner: 'KISS-FM',
    PartnerID: 'p-kiss',
    PartnerUsername: 'Kiss FM',
    Promotion: { ID: 'promo-friday', PromotionTitle: 'Friday Bonanza' },
    PartnerPercentage: 10,
    AnnouncerPercentage: 5,
    SharedCode: '4411',
    Server: 'lonestar',
    Threshold: 50,
    StartingThreshold: 20,
    WinnerAmount: '5000.00',
    Status: 'active',
    PaidEntries: 0,
    ...overrides,
  };
}

const kissFriday = anAssignment();
const kissMonday = anAssignment({
  ID: 'as-2',
  Promotion: { ID: 'promo-monday', PromotionTitle: 'Monday Madness' },
  SharedCode: '5522',
  Server: 'orange',
  Status: 'ended',
});
const truthFriday = anAssignment({
  ID: 'as-3',
  Partner: 'TRUTH-FM',
  PartnerID: 'p-truth',
  PartnerUsername: 'Truth FM',
  SharedCode: '7733',
});

const GROUPS: AssignmentGroup[] = [
  {
    PartnerID: 'p-kiss',
    PartnerSearchString: 'KISS-FM',
    PartnerUsername: 'Kiss FM',
    Count: 2,
    Assignments: [kissFriday, kissMonday],
  },
  {
    PartnerID: 'p-truth',
    PartnerSearchString: 'TRUTH-FM',
    PartnerUsername: 'Truth FM',
    Count: 1,
    Assignments: [truthFriday],
  },
];

const promotion = (ID: string, title: string) => ({
  ID,
  promotion_title: title,
  promotion_prize_lrd: '100.00',
  promotion_prize_usd: '0.50',
  Kind: 'partner',
  AssignmentCount: 1,
});
const PROMOTIONS = [
  promotion('promo-friday', 'Friday Bonanza'),
  promotion('promo-monday', 'Monday Madness'),
  promotion('promo-sunday', 'Sunday Special'),
];

const optionsPath = pathOf(routes.promotionsForAssignedPartner, { id: ADMIN });

/** Answers the promotion options; everything else with `rest`. */
function api(rest: Responder = () => json(200, { message: 'ok' })): Responder {
  return (request) => (request.url === optionsPath ? json(200, { promotions: PROMOTIONS }) : rest(request));
}

const sounds = useScreenEnvironment();

function renderScreen(responder: Responder = api()) {
  const stub = renderAdminScreen(<AssignPartnerPromotionScreen />, {
    responder,
    adminId: ADMIN,
    path: `/v1/admin/${ADMIN}/assign-partner-promotion`,
  });
  return { ...stub, socket: openLatestSocket() };
}

function sendGroups(socket: FakeWebSocket, groups: AssignmentGroup[] = GROUPS) {
  act(() => socket.serverSend({ topic: topicNames.adminAssignments, event: 'assignments', data: { Groups: groups } }));
}

function sendPartnerOptions(socket: FakeWebSocket) {
  act(() =>
    socket.serverSend({
      topic: topicNames.adminPartnerOptions,
      event: 'partner-options',
      data: [
        { label: 'Kiss FM', value: 'KISS-FM' },
        { label: 'Truth FM', value: 'TRUTH-FM' },
      ],
    }),
  );
}

const groupOf = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
/** The promotion titles a partner's group lists, in order. */
const titlesIn = (group: HTMLElement) =>
  [...group.querySelectorAll('.assignment-card__title')].map((e) => e.textContent);
const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const submitDialog = (name: RegExp) => fireEvent.click(within(dialog()).getByRole('button', { name }));

async function openCreateDialog(socket: FakeWebSocket) {
  fireEvent.click(screen.getByRole('button', { name: 'Assign Partner Promotion' }));
  sendPartnerOptions(socket);
  // the promotion options arrive from the first poll
  await within(dialog()).findByRole('option', { name: 'Sunday Special' });
}

function fillValidAssignment() {
  fill('Partner', 'TRUTH-FM');
  fill('Promotion', 'promo-sunday');
  fill('Partner percentage', '12.5');
  fill('Announcer percentage', '7');
  fill('Shared code', '9090');
  fill('USSD server', 'orange');
  fill('Threshold', '40');
  fill('Starting threshold', '10');
  fill('Winner amount (LRD)', '2500.5');
}

const writes = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');

/** Submits the create dialog with a valid assignment but `label` set to `value`; returns the requests made. */
async function submitWith(label: string, value: string) {
  const { socket, requests } = renderScreen();
  sendGroups(socket);
  await openCreateDialog(socket);
  fillValidAssignment();
  fill(label, value);
  submitDialog(/^Assign$/);
  return requests;
}

describe('the live list', () => {
  it('subscribes to admin/assignments and groups partner promotions by partner with their counts', () => {
    const { socket } = renderScreen();
    expect(socket.subscribedTopics()).toEqual([topicNames.adminAssignments]);
    expect(screen.getByText('Loading partner promotions…')).toBeTruthy();
    sendGroups(socket);

    const kiss = groupOf('Kiss FM');
    expect(within(kiss).getByTestId('promotion-count').textContent).toBe('2 promotions');
    expect(within(kiss).getAllByRole('listitem')).toHaveLength(2);
    expect(titlesIn(kiss)).toEqual(['Friday Bonanza', 'Monday Madness']);
    const truth = groupOf('Truth FM');
    expect(within(truth).getByTestId('promotion-count').textContent).toBe('1 promotion');
    expect(within(truth).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows a change as soon as the topic sends it', () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    const nightOwls = anAssignment({
      ID: 'as-9',
      PartnerID: 'p-truth',
      Promotion: { ID: 'x', PromotionTitle: 'Night Owls' },
    });
    sendGroups(socket, [{ ...GROUPS[1]!, Count: 2, Assignments: [truthFriday, nightOwls] }]);
    expect(screen.queryByRole('region', { name: /^Kiss FM/ })).toBeNull();
    expect(within(groupOf('Truth FM')).getByTestId('promotion-count').textContent).toBe('2 promotions');
    expect(titlesIn(groupOf('Truth FM'))).toEqual(['Friday Bonanza', 'Night Owls']);
  });

  it('searches by partner, promotion or shared code', () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    const search = screen.getByRole('searchbox', { name: 'Search by partner, promotion or shared code' });

    fireEvent.change(search, { target: { value: 'truth' } });
    expect(screen.queryByRole('region', { name: /^Kiss FM/ })).toBeNull();
    expect(within(groupOf('Truth FM')).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.change(search, { target: { value: 'monday' } });
    expect(screen.queryByRole('region', { name: /^Truth FM/ })).toBeNull();
    expect(within(groupOf('Kiss FM')).getByTestId('promotion-count').textContent).toBe('1 of 2 promotions');
    expect(titlesIn(groupOf('Kiss FM'))).toEqual(['Monday Madness']);

    fireEvent.change(search, { target: { value: '7733' } });
    expect(screen.queryByRole('region', { name: /^Kiss FM/ })).toBeNull();
    expect(titlesIn(groupOf('Truth FM'))).toEqual(['Friday Bonanza']);

    fireEvent.change(search, { target: { value: 'no such thing' } });
    expect(screen.getByText('No partner promotions match your search')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
  });

  it('expands a card to show every field of the assignment', () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    const card = within(groupOf('Kiss FM')).getAllByRole('listitem')[1]!;
    const toggle = within(card).getByRole('button', { name: /Monday Madness/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = (term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field('Promotion')).toBe('Monday Madness');
    expect(field('Partner percentage')).toBe('10%');
    expect(field('Announcer percentage')).toBe('5%');
    expect(field('Shared code')).toBe('5522');
    expect(field('Server')).toBe('Orange Liberia');
    expect(field('Threshold')).toBe('50');
    expect(field('Starting threshold')).toBe('20');
    expect(field('Winner amount')).toBe('L$ 5,000.00');
    expect(field('Status')).toBe('Ended: takes no new entries');
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('sets Delete apart from Edit and End, in its own destructive group', () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    const card = within(groupOf('Kiss FM')).getAllByRole('listitem')[0]!;
    fireEvent.click(within(card).getByRole('button', { name: /Friday/ }));
    expect(actionGroups(card)).toEqual({ routine: ['Edit', 'End'], destructive: ['Delete'] });
  });

  it('shows the reason when the server refuses the topic', () => {
    const { socket } = renderScreen();
    act(() =>
      socket.serverSend({
        topic: topicNames.adminAssignments,
        event: 'error',
        data: { error: 'You do not have access to this.' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('You do not have access to this.');
  });
});

describe('the create dialog (create mode)', () => {
  it('takes partners from the live partner options and promotions from the polled list, without those the partner already runs', async () => {
    const { socket, requests } = renderScreen();
    sendGroups(socket);
    await openCreateDialog(socket);
    expect(socket.subscribedTopics()).toContain(topicNames.adminPartnerOptions);
    expect(requests.some((r) => r.url === optionsPath)).toBe(true);
    const partners = within(dialog()).getByLabelText('Partner');
    expect(
      within(partners)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a partner', 'Kiss FM', 'Truth FM']);

    fill('Partner', 'KISS-FM');
    const promotions = within(dialog()).getByLabelText('Promotion');
    // Kiss FM already runs Friday and Monday
    expect(
      within(promotions)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a promotion', 'Sunday Special']);
    expect(
      within(within(dialog()).getByLabelText('USSD server'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'lonestar', 'orange']);
  });

  it('says on the form what the USSD server choice restricts: that network’s numbers only, by USSD and on the web', async () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    await openCreateDialog(socket);
    const server = within(dialog()).getByLabelText('USSD server');
    expect(server.getAttribute('aria-describedby')).toBeTruthy();
    const note = () => document.getElementById(server.getAttribute('aria-describedby')!)?.textContent;
    expect(note()).toBe(
      'The mobile network this promotion is open to: only its numbers can enter, by USSD and on the web.',
    );
    fill('USSD server', 'orange');
    expect(note()).toBe('Only Orange Liberia numbers can enter this promotion, by USSD and on the web.');
  });

  it("refuses a missing field with 'Please fill in all fields.' and an error sound, sending nothing", async () => {
    const { socket, requests } = renderScreen();
    sendGroups(socket);
    await openCreateDialog(socket);
    fillValidAssignment();
    fill('Starting threshold', '');
    submitDialog(/^Assign$/);
    expect(await screen.findByText(messages.validation.fillInAllFieldsDot)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(writes(requests)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it.each([
    ['Partner percentage', '150'],
    ['Partner percentage', 'ten'],
    ['Announcer percentage', '-5'],
    ['Announcer percentage', '100.001'],
  ])("refuses %s '%s' with the percentage message", async (label, value) => {
    const requests = await submitWith(label, value);
    expect(await screen.findByText(messages.validation.percentageRange)).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it.each([
    ['Threshold', 'ten', 'Threshold must be a whole number of entries, 0 or more.'],
    ['Threshold', '-1', 'Threshold must be a whole number of entries, 0 or more.'],
    ['Starting threshold', '2.5', 'Starting threshold must be a whole number of entries, 0 or more.'],
    ['Winner amount (LRD)', '-100', 'Winner amount must be an amount such as 5000.00'],
    ['Winner amount (LRD)', 'lots', 'Winner amount must be an amount such as 5000.00'],
  ])("refuses %s '%s' as not a number of 0 or more", async (label, value, message) => {
    const requests = await submitWith(label, value);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it("assigns: posts the spec's body, says 'Partner promotion assigned successfully.' with a success sound and closes", async () => {
    const { socket, requests } = renderScreen(
      api(() => json(201, { message: messages.assignment.assigned, Assignment: kissFriday })),
    );
    sendGroups(socket);
    await openCreateDialog(socket);
    fillValidAssignment();
    submitDialog(/^Assign$/);
    expect(await screen.findByText(messages.assignment.assigned)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    expect(screen.queryByRole('dialog')).toBeNull();
    const [post] = writes(requests);
    expect(post!.method).toBe('POST');
    expect(post!.url).toBe(pathOf(routes.assignPartnerPromotion, { id: ADMIN }));
    expect(post!.headers.get('X-Requested-With')).toBeTruthy();
    expect(post!.body).toEqual({
      partner: 'TRUTH-FM',
      promotion: 'promo-sunday',
      partner_percentage: 12.5,
      announcer_percentage: 7,
      shared_code: '9090',
      server: 'orange',
      threshold: 40,
      starting_threshold: 10,
      winner_amount: '2500.50',
    });
  });

  it("shows the server's error, else 'Error processing request.', and stays open", async () => {
    let answer = json(409, { error: 'This shared code is already in use.' });
    const { socket } = renderScreen(api(() => answer));
    sendGroups(socket);
    await openCreateDialog(socket);
    fillValidAssignment();
    submitDialog(/^Assign$/);
    expect(await screen.findByText('This shared code is already in use.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    answer = new Response('', { status: 502 });
    submitDialog(/^Assign$/);
    expect(await screen.findByText(messages.assignment.processingError)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("says 'Failed to load partners or promotions.' when the promotions cannot be read", async () => {
    const { socket } = renderScreen((request) => (request.url === optionsPath ? json(500, {}) : json(200, {})));
    sendGroups(socket);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Assign Partner Promotion' }));
    expect(await screen.findByText(messages.assignment.loadOptionsFailed)).toBeTruthy();
  });

  it("says 'Failed to load partners or promotions.' when the partner options are refused", async () => {
    const { socket } = renderScreen();
    sendGroups(socket);
    fireEvent.click(screen.getByRole('button', { name: 'Assign Partner Promotion' }));
    act(() => socket.serverSend({ topic: topicNames.adminPartnerOptions, event: 'error', data: { error: 'No.' } }));
    expect(await screen.findByText(messages.assignment.loadOptionsFailed)).toBeTruthy();
  });

  it('polls the promotions every second while open, and stops when it closes', async () => {
    vi.useFakeTimers();
    const { socket, requests } = renderScreen();
    sendGroups(socket);
    const polls = () => requests.filter((r) => r.url === optionsPath).length;
    expect(polls()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Assign Partner Promotion' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(polls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(polls()).toBe(3);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(socket.sent.at(-1)).toEqual({ action: 'unsubscribe', topic: topicNames.adminPartnerOptions });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(polls()).toBe(3);
  });
});

describe('the update dialog (update mode)', () => {
  it("opens pre-filled from Edit, puts the terms with the id, and says 'Partner promotion updated successfully.'", async () => {
    const { socket, requests } = renderScreen(
      api(() => json(200, { message: messages.assignment.updated, Assignment: kissFriday })),
    );
    sendGroups(socket);
    const card = within(groupOf('Kiss FM')).getAllByRole('listitem')[0]!;
    fireEvent.click(within(card).getByRole('button', { name: /Friday Bonanza/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    sendPartnerOptions(socket);

    expect(within(dialog()).getByRole('heading', { name: 'Update Partner Promotion' })).toBeTruthy();
    const value = (label: string) => (within(dialog()).getByLabelText(label) as HTMLInputElement).value;
    expect(value('Partner')).toBe('KISS-FM');
    // the edited assignment's own promotion stays a choice
    await waitFor(() => expect(value('Promotion')).toBe('promo-friday'));
    expect(value('Partner percentage')).toBe('10');
    expect(value('Announcer percentage')).toBe('5');
    expect(value('Shared code')).toBe('4411');
    expect(value('USSD server')).toBe('lonestar');
    expect(value('Threshold')).toBe('50');
    expect(value('Starting threshold')).toBe('20');
    expect(value('Winner amount (LRD)')).toBe('5000.00');

    fill('Threshold', '75');
    submitDialog(/^Update$/);
    expect(await screen.findByText(messages.assignment.updated)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [put] = writes(requests);
    expect(put!.method).toBe('PUT');
    expect(put!.url).toBe(pathOf(routes.updatePartnerPromotion, { id: ADMIN }));
    expect(put!.body).toEqual({
      id: 'as-1',
      partner: 'KISS-FM',
      promotion: 'promo-friday',
      partner_percentage: 10,
      announcer_percentage: 5,
      shared_code: '4411',
      server: 'lonestar',
      threshold: 75,
      starting_threshold: 20,
      winner_amount: '5000.00',
    });
  });

  it('keeps the partner and promotion once the assignment has paid entries', () => {
    const { socket } = renderScreen();
    sendGroups(socket, [{ ...GROUPS[1]!, Assignments: [{ ...truthFriday, PaidEntries: 3 }] }]);
    fireEvent.click(screen.getByRole('button', { name: /Friday Bonanza/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((within(dialog()).getByLabelText('Partner') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog()).getByLabelText('Promotion') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog()).getByLabelText('Threshold') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('delete and status', () => {
  function openCard(socket: FakeWebSocket, title: RegExp) {
    sendGroups(socket);
    const toggle = screen.getAllByRole('button', { name: title })[0]!;
    fireEvent.click(toggle);
    return toggle.closest('li')!;
  }

  it('asks for confirmation, then deletes by id', async () => {
    const { socket, requests } = renderScreen(
      api(() => json(200, { message: 'Partner promotion deleted successfully.' })),
    );
    const card = openCard(socket, /Monday Madness/);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(within(dialog()).getByText('This deletion is permanent and irreversible.')).toBeTruthy();
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Partner promotion deleted successfully.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [del] = writes(requests);
    expect(del!.method).toBe('DELETE');
    expect(del!.url).toBe(pathOf(routes.deletePartnerPromotion, { id: ADMIN }));
    expect(del!.body).toEqual({ id: 'as-2' });
  });

  it("says '❌ Error deleting:' with what went wrong when the delete fails", async () => {
    const { socket } = renderScreen(
      api(() => json(409, { error: 'This partner promotion has paid entries; end it instead of deleting it.' })),
    );
    const card = openCard(socket, /Monday Madness/);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        `${messages.assignment.deleteFailed} This partner promotion has paid entries; end it instead of deleting it.`,
      ),
    ).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
  });

  it('nothing is deleted when the confirmation is cancelled', () => {
    const { socket, requests } = renderScreen();
    const card = openCard(socket, /Monday Madness/);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(requests)).toEqual([]);
  });

  it('ends an active assignment and resumes an ended one', async () => {
    const { socket, requests } = renderScreen(
      api((request) => {
        const { status } = request.body as { status: string };
        return json(200, { message: `status ${status}`, Status: status });
      }),
    );
    const friday = openCard(socket, /Friday Bonanza/);
    fireEvent.click(within(friday).getByRole('button', { name: 'End' }));
    // ending stops new entries at once: it asks first, naming what ends; Cancel ends nothing
    expect(dialog().textContent).toContain('Friday Bonanza');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(friday).getByRole('button', { name: 'End' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('status ended')).toBeTruthy();
    const monday = screen.getByRole('button', { name: /Monday Madness/ }).closest('li')!;
    fireEvent.click(within(monday).getByRole('button', { name: /Monday Madness/ }));
    fireEvent.click(within(monday).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('status active')).toBeTruthy();
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', pathOf(routes.setPartnerPromotionStatus, { id: ADMIN }), { id: 'as-1', status: 'ended' }],
      ['PUT', pathOf(routes.setPartnerPromotionStatus, { id: ADMIN }), { id: 'as-2', status: 'active' }],
    ]);
  });
});
