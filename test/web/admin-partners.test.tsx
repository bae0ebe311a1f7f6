// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { ListPartnersScreen } from '@web/features/staff/screens/ListPartnersScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { aPartner, balancesOf, promoId } from './support/admin-records';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket } from './support/fake-websocket';
import { json, never, offline, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** Partner Management (spec sections 2, 4, 5, 7, 8) over the live `admin/partners` topic. */

const ADMIN_ID = 'admin-1';

const ELBC = aPartner({
  ID: 'p-2',
  Username: 'ELBC Radio',
  Email: 'news@elbc.lr',
  SearchString: 'ELBC',
  ...balancesOf({}),
});

const sounds = useScreenEnvironment();

function renderScreen(responder: Responder = () => json(200, { message: 'ok' })) {
  const stub = renderAdminScreen(<ListPartnersScreen />, { responder, adminId: ADMIN_ID });
  const socket = openLatestSocket();
  const publish = (partners: PartnerRecord[]) =>
    act(() => socket.serverSend({ topic: topicNames.adminPartners, event: 'partners', data: { Partners: partners } }));
  return { ...stub, socket, publish };
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const search = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });

describe('the partner list', () => {
  it('subscribes to admin/partners and shows each partner with the spec columns, live', () => {
    const { socket, publish } = renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Partner Management' })).toBeTruthy();
    expect(socket.subscribedTopics()).toEqual([topicNames.adminPartners]);
    expect(screen.getByRole('status').textContent).toContain('Loading partners');

    publish([aPartner(), ELBC]);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Username', 'Search String', 'Mobile Money', 'Account Balance', 'Actions']);
    const [kiss] = rows();
    expect(within(kiss!).getByText('Kiss FM')).toBeTruthy();
    expect(within(kiss!).getByText('desk@kissfm.lr')).toBeTruthy();
    expect(within(kiss!).getByText('KISS')).toBeTruthy();
    expect(within(kiss!).getByText('231770000001')).toBeTruthy();
    expect(within(kiss!).getByText('L$ 70.50').className).toBe('amount--positive');
    expect(within(rows()[1]!).getByText('L$ 0.00').className).toBe('amount--negative');
    for (const action of ['Update Kiss FM', 'Pay Kiss FM', 'Delete Kiss FM'])
      expect(within(kiss!).getByRole('button', { name: action })).toBeTruthy();

    // another admin's change arrives without a reload
    publish([aPartner(balancesOf({ 'Friday Draw': '10.00' })), ELBC]);
    expect(within(rows()[0]!).getByText('L$ 10.00')).toBeTruthy();
  });

  it("'View Details' lists the balance per promotion", () => {
    const { publish } = renderScreen();
    publish([aPartner()]);
    click("View Details of Kiss FM's balance");
    const details = within(screen.getByRole('dialog'));
    const lines = details.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Friday DrawL$ 50.00', 'Sunday JackpotL$ 20.50', 'ClosedL$ 0.00']);
    expect(details.getByText('Total: L$ 70.50')).toBeTruthy();
    fireEvent.click(details.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filters by username or email', () => {
    const { publish } = renderScreen();
    publish([aPartner(), ELBC]);
    expect(screen.getByText('2 partner(s)')).toBeTruthy();
    search('elbc');
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]!.firstChild!.textContent)).toEqual(['ELBC Radio']);
    // the count follows the search
    expect(screen.getByText('1 of 2 partner(s)')).toBeTruthy();
    search('KISSFM.LR');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Kiss FM')).toBeTruthy();
    search('231770000001'); // the number is not a search field
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says 'No partners found', plus 'Try adjusting your search terms' only while searching", () => {
    const { publish } = renderScreen();
    publish([]);
    expect(screen.getByText('No partners found')).toBeTruthy();
    expect(screen.queryByText('Try adjusting your search terms')).toBeNull();
    publish([aPartner()]);
    search('nobody');
    expect(screen.getByText('No partners found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
  });
});

describe('the row actions', () => {
  it('puts Delete last, in its own group apart from Update and Pay', () => {
    const { publish } = renderScreen();
    publish([aPartner()]);
    const row = screen.getByText('Kiss FM').closest('tr')!;
    const buttons = within(row)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(buttons.slice(-3)).toEqual(['Update Kiss FM', 'Pay Kiss FM', 'Delete Kiss FM']);
    const group = within(row).getByRole('group', { name: 'Destructive actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Delete Kiss FM']);
    expect(group.contains(within(row).getByRole('button', { name: 'Pay Kiss FM' }))).toBe(false);
  });
});

describe('updating a partner', () => {
  it('opens pre-filled with an empty password that can be shown, saves with PUT and closes', async () => {
    const { publish, requests } = renderScreen(() =>
      json(200, { message: messages.partner.updated, Partner: aPartner() }),
    );
    publish([aPartner()]);
    click('Update Kiss FM');
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('Kiss FM');
    expect((dialog.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('desk@kissfm.lr');
    expect((dialog.getByRole('textbox', { name: 'Mobile Money Number' }) as HTMLInputElement).value).toBe(
      '231770000001',
    );
    expect((dialog.getByRole('textbox', { name: 'Search String' }) as HTMLInputElement).value).toBe('KISS');
    const password = dialog.getByLabelText('Password') as HTMLInputElement;
    expect([password.value, password.type]).toEqual(['', 'password']);
    fireEvent.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(dialog.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');

    fireEvent.change(dialog.getByRole('textbox', { name: 'Username' }), { target: { value: 'Kiss FM 99.5' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' })));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: `/api/v1/admin/${ADMIN_ID}/list-partner/update`,
      body: {
        id: 'p-1',
        username: 'Kiss FM 99.5',
        email: 'desk@kissfm.lr',
        mobile_money_number: '231770000001',
        search_string: 'KISS',
        password: '',
      },
    });
    expect(await screen.findByText(messages.partner.updated)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
  });

  it("shows the server's error with no fallback text", async () => {
    let answer: Response = json(409, { error: 'That email is already in use.' });
    const { publish } = renderScreen(() => answer);
    publish([aPartner()]);
    click('Update Kiss FM');
    await act(async () => click('Save Changes'));
    expect(await screen.findByText('That email is already in use.')).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(screen.getByRole('dialog')).toBeTruthy();

    answer = new Response('<html>oops</html>', { status: 502 });
    await act(async () => click('Save Changes'));
    expect(await screen.findByText('HTTP 502')).toBeTruthy();
    expect(screen.queryByText(messages.generic.unexpected)).toBeNull();
  });
});

describe('paying a partner', () => {
  const pendingPayout = {
    ID: 'payout-1',
    PromotionID: 'promo-1',
    Promotion: 'Friday Draw',
    Amount: '70.50',
    Status: 'pending',
  };
  const payOpen = () => {
    click('Pay Kiss FM');
    click('Pay Full Balance');
    click('Next');
  };

  it('PUTs the spec body with an Idempotency-Key, reused when the same confirm is retried after a network failure', async () => {
    let calls = 0;
    const { publish, requests } = renderScreen(() =>
      ++calls === 1 ? offline() : json(200, { message: messages.partner.paid, Payouts: [pendingPayout] }),
    );
    publish([aPartner()]);
    payOpen();
    await act(async () => click('Confirm'));
    expect(await screen.findByText(messages.generic.unexpected)).toBeTruthy();
    await act(async () => click('Confirm'));
    // the API answers the transfer pending: the dialog stays open on it and never calls it successful yet
    expect(
      await within(screen.getByRole('dialog')).findByText(`${messages.payout.waiting} L$ 70.50 to Kiss FM`),
    ).toBeTruthy();

    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request).toMatchObject({
        method: 'PUT',
        url: `/api/v1/admin/${ADMIN_ID}/pay-partner`,
        body: {
          search_string: 'KISS',
          username: 'Kiss FM',
          mobile_money_number: '231770000001',
          account_balance: { [promoId('Friday Draw')]: '50.00', [promoId('Sunday Jackpot')]: '20.50' },
        },
      });
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    }
    const [first, retry] = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);

    // the next payment is a new one: a fresh key
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    payOpen();
    await act(async () => click('Confirm'));
    expect(requests).toHaveLength(3);
    expect(requests[2]!.headers.get('Idempotency-Key')).not.toBe(first);
  });

  it('cancel resets everything: reopening starts empty at the amount step', () => {
    const { publish, requests } = renderScreen();
    publish([aPartner()]);
    payOpen();
    click('Cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    click('Pay Kiss FM');
    expect((screen.getByLabelText('Friday Draw') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('keeps Pay disabled while that payment is processing, even with the dialog closed', async () => {
    const { publish } = renderScreen(() => never());
    publish([aPartner(), { ...ELBC, ...balancesOf({ News: '5.00' }) }]);
    payOpen();
    await act(async () => click('Confirm'));
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    click('Cancel');
    expect((screen.getByRole('button', { name: 'Pay Kiss FM' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Pay ELBC Radio' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("is disabled with 'Nothing to pay' when no promotion balance is above 0", () => {
    const { publish } = renderScreen();
    publish([
      aPartner(),
      ELBC,
      aPartner({
        ID: 'p-3',
        Username: 'Owed FM',
        SearchString: 'OWED',
        ...balancesOf({ Old: '-3.00', Closed: '0.00' }),
      }),
    ]);
    const pay = (name: string) => screen.getByRole('button', { name: `Pay ${name}` }) as HTMLButtonElement;
    expect(pay('Kiss FM').disabled).toBe(false);
    expect(pay('Kiss FM').title).toBe('');
    for (const name of ['ELBC Radio', 'Owed FM']) {
      expect(pay(name).disabled).toBe(true);
      expect(pay(name).title).toBe('Nothing to pay');
    }
  });

  it('follows the live balance while the dialog is open', () => {
    const { publish } = renderScreen();
    publish([aPartner()]);
    click('Pay Kiss FM');
    expect(screen.getByLabelText('Sunday Jackpot')).toBeTruthy();
    publish([aPartner(balancesOf({ 'Friday Draw': '50.00', 'Sunday Jackpot': '0.00' }))]);
    expect(screen.queryByLabelText('Sunday Jackpot')).toBeNull();
  });
});

describe('deleting a partner', () => {
  it("confirms that it is permanent, reads 'Deleting...' while sending, then closes with the spec text", async () => {
    let finish!: () => void;
    const { publish, requests } = renderScreen(
      () =>
        new Promise<Response>((resolve) => (finish = () => resolve(json(200, { message: messages.partner.deleted })))),
    );
    publish([aPartner()]);
    click('Delete Kiss FM');
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/permanent and irreversible/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((dialog.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      url: `/api/v1/admin/${ADMIN_ID}/delete-partner`,
      body: { search_string: 'KISS' },
    });
    await act(async () => finish());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(messages.partner.deleted)).toBeTruthy();
  });

  it("says '❌ Error deleting partner' with the server's reason, and closes", async () => {
    const { publish } = renderScreen(() =>
      json(409, { error: 'This partner cannot be deleted: it still has a positive account balance.' }),
    );
    publish([aPartner()]);
    click('Delete Kiss FM');
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
    expect(
      await screen.findByText(
        `${messages.partner.deleteFailed} This partner cannot be deleted: it still has a positive account balance.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
  });

  it('cancel sends nothing', () => {
    const { publish, requests } = renderScreen();
    publish([aPartner()]);
    click('Delete Kiss FM');
    click('Cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
