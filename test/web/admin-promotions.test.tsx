// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { CreatePromotionScreen } from '@web/features/catalog/screens/CreatePromotionScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { renderAdminScreen } from './support/admin-screen';
import { json, type Responder, type SeenRequest } from './support/fetch';
import { actionGroups } from './support/actions';
import { useScreenEnvironment } from './support/screen-environment';

/** Create Promotion (spec sections 2, 5, 7, 8): the form and the list below it. */
const ADMIN = 'admin-1';
const listPath = pathOf(routes.listPromotions, { id: ADMIN });

const promotion = (overrides: Partial<PromotionRecord>): PromotionRecord => ({
  ID: 'promo-1',
  promotion_title: 'Friday Bonanza',
  promotion_prize_lrd: '100.00',
  promotion_prize_usd: '0.50',
  Kind: 'partner',
  AssignmentCount: 2,
  ...overrides,
});
const FRIDAY = promotion({});
const DAILY = promotion({
  ID: 'house-daily',
  promotion_title: 'Daily Cash Giveaway',
  Kind: 'daily',
  AssignmentCount: 1,
});

/** A promotions API: the list as `list()` says, writes answered by `write`. */
function api(list: () => PromotionRecord[], write: Responder = () => json(200, { message: 'ok' })): Responder {
  return (request) =>
    request.method === 'GET' && request.url === listPath ? json(200, { promotions: list() }) : write(request);
}

const sounds = useScreenEnvironment({ webSocket: 'none' });

function renderScreen(responder: Responder) {
  return renderAdminScreen(<CreatePromotionScreen />, {
    responder,
    adminId: ADMIN,
    path: `/v1/admin/${ADMIN}/create-promotion`,
  });
}

const form = () => screen.getByRole('form', { name: 'New promotion' });
const fill = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(within(form()).getByRole('button', { name: 'Create Promotion' }));
const writes = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');
const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr')!;

describe('the Create Promotion form', () => {
  it.each<[string, { title?: string; lrd?: string; usd?: string }]>([
    ['title', { lrd: '100', usd: '0.50' }],
    ['LRD prize', { title: 'Weekend', usd: '0.50' }],
    ['USD prize', { title: 'Weekend', lrd: '100' }],
  ])("refuses a missing %s with 'All required fields must be filled.' and an error sound", async (_missing, values) => {
    const { requests } = renderScreen(api(() => []));
    fill('Promotion title', values.title ?? '  ');
    fill('Promotion prize (LRD)', values.lrd ?? '');
    fill('Promotion prize (USD)', values.usd ?? '');
    create();
    expect(await screen.findByText(messages.validation.allRequiredFields)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(writes(requests)).toEqual([]);
  });

  it('refuses a price that is not an amount', async () => {
    const { requests } = renderScreen(api(() => []));
    fill('Promotion title', 'Weekend');
    fill('Promotion prize (LRD)', '1.234');
    fill('Promotion prize (USD)', '0.50');
    create();
    expect(await screen.findByText('The LRD price must be an amount such as 100.00')).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it('refuses a price below the minimum stake before asking the server, saying what is allowed', async () => {
    const { requests } = renderScreen(api(() => []));
    fill('Promotion title', 'Weekend');
    fill('Promotion prize (LRD)', '0.00');
    fill('Promotion prize (USD)', '0.25');
    create();
    expect(
      await screen.findByText(
        'The USD price must be 0.00 (not offered in USD) or at least 0.50 USD (the minimum stake)',
      ),
    ).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it("creates the promotion with prices as amount strings, says 'Promotion created successfully!' and lists it", async () => {
    let list = [DAILY];
    const created = promotion({
      ID: 'promo-2',
      promotion_title: 'Weekend Wonders',
      promotion_prize_lrd: '150.00',
      promotion_prize_usd: '0.75',
      AssignmentCount: 0,
    });
    const { requests } = renderScreen(
      api(
        () => list,
        () => {
          list = [DAILY, created];
          return json(201, { message: messages.promotion.created, Promotion: created });
        },
      ),
    );
    expect(await screen.findByRole('cell', { name: 'Daily Cash Giveaway' })).toBeTruthy();
    fill('Promotion title', ' Weekend Wonders ');
    fill('Promotion prize (LRD)', '150');
    fill('Promotion prize (USD)', '0.75');
    create();

    expect(await screen.findByText(messages.promotion.created)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    const [post] = writes(requests);
    expect(post!.url).toBe(pathOf(routes.createPromotion, { id: ADMIN }));
    expect(post!.body).toEqual({
      promotion_title: 'Weekend Wonders',
      promotion_prize_lrd: '150.00',
      promotion_prize_usd: '0.75',
    });
    // the list is read again
    const row = await screen.findByRole('cell', { name: 'Weekend Wonders' });
    expect(
      within(row.closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Weekend Wonders', 'L$ 150.00', 'US$ 0.75', '0', 'UpdateDelete']);
    expect((within(form()).getByLabelText('Promotion title') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's error, else 'An unexpected error occurred'", async () => {
    let answer = json(409, { error: 'A promotion with this title already exists.' });
    renderScreen(
      api(
        () => [],
        () => answer,
      ),
    );
    fill('Promotion title', 'Friday Bonanza');
    fill('Promotion prize (LRD)', '100');
    fill('Promotion prize (USD)', '0.5');
    create();
    expect(await screen.findByText('A promotion with this title already exists.')).toBeTruthy();
    answer = new Response('', { status: 500 });
    create();
    expect(await screen.findByText(messages.generic.unexpected)).toBeTruthy();
  });
});

describe('the promotions list', () => {
  it('lists each promotion with its prices; house games have no update or delete', async () => {
    renderScreen(api(() => [DAILY, FRIDAY]));
    await screen.findByRole('cell', { name: 'Friday Bonanza' });
    expect(within(rowOf('Friday Bonanza')).getByRole('button', { name: 'Update Friday Bonanza' })).toBeTruthy();
    expect(within(rowOf('Daily Cash Giveaway')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Daily Cash Giveaway')).getByText('Daily Cash Giveaway (house game)')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Create Promotion']);
  });

  it('sets Delete apart from Update, in its own destructive group', async () => {
    renderScreen(api(() => [FRIDAY]));
    await screen.findByRole('cell', { name: 'Friday Bonanza' });
    expect(actionGroups(rowOf('Friday Bonanza'))).toEqual({
      routine: ['Update Friday Bonanza'],
      destructive: ['Delete Friday Bonanza'],
    });
  });

  it('updates a promotion from a pre-filled dialog', async () => {
    let list = [FRIDAY];
    const { requests } = renderScreen(
      api(
        () => list,
        () => {
          list = [{ ...FRIDAY, promotion_prize_lrd: '120.00' }];
          return json(200, { message: 'Promotion updated successfully.', Promotion: list[0] });
        },
      ),
    );
    await screen.findByRole('cell', { name: 'Friday Bonanza' });
    fireEvent.click(screen.getByRole('button', { name: 'Update Friday Bonanza' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Promotion' });
    expect((within(dialog).getByLabelText('Promotion prize (LRD)') as HTMLInputElement).value).toBe('100.00');
    fireEvent.change(within(dialog).getByLabelText('Promotion prize (LRD)'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion updated successfully.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'PUT',
        pathOf(routes.updatePromotion, { id: ADMIN }),
        {
          id: 'promo-1',
          promotion_title: 'Friday Bonanza',
          promotion_prize_lrd: '120.00',
          promotion_prize_usd: '0.50',
        },
      ],
    ]);
    expect(await screen.findByRole('cell', { name: 'L$ 120.00' })).toBeTruthy();
  });

  it('deletes a promotion after confirmation, and shows why when it cannot', async () => {
    let answer = json(409, { error: 'This promotion is assigned to a partner; remove the assignment first.' });
    const { requests } = renderScreen(
      api(
        () => [FRIDAY],
        () => answer,
      ),
    );
    await screen.findByRole('cell', { name: 'Friday Bonanza' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Friday Bonanza' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Promotion' });
    expect(within(dialog).getByText('This deletion is permanent and irreversible.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This promotion is assigned to a partner; remove the assignment first.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    answer = json(200, { message: 'Promotion deleted successfully.' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Friday Bonanza' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Promotion deleted successfully.')).toBeTruthy();
    expect(writes(requests).map((r) => [r.method, r.body])).toEqual([
      ['DELETE', { id: 'promo-1' }],
      ['DELETE', { id: 'promo-1' }],
    ]);
  });
});
