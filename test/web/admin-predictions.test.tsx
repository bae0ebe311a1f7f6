// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { PredictionsScreen } from '@web/features/catalog/screens/PredictionsScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { renderAdminScreen } from './support/admin-screen';
import { openLatestSocket, type FakeWebSocket } from './support/fake-websocket';
import { json, type Responder, type SeenRequest } from './support/fetch';
import { actionGroups } from './support/actions';
import { useScreenEnvironment } from './support/screen-environment';

/** Predictions (spec sections 2, 5, 7, 8): the Create Prediction form and the live Predictions List. */
const ADMIN = 'admin-1';

const FOOTBALL: CategoryEntity = { ID: 'cat-football', Title: 'Football', PredictionCount: 1 };
const POLITICS: CategoryEntity = { ID: 'cat-politics', Title: 'Politics', PredictionCount: 1 };

const prediction = (overrides: Partial<PredictionEntity>): PredictionEntity => ({
  ID: 'pred-1',
  ReferenceNumber: 'REF-1',
  Question: 'Will LISCR FC win the league?',
  Category: { ID: FOOTBALL.ID, Title: FOOTBALL.Title },
  CurrencyLRD: '100.00',
  CurrencyUSD: '0.50',
  OddYes: '1.85',
  OddNo: '2.10',
  ...overrides,
});
const LEAGUE = prediction({});
const ELECTION = prediction({
  ID: 'pred-2',
  ReferenceNumber: '',
  Question: 'Will turnout pass 70%?',
  Category: { ID: POLITICS.ID, Title: POLITICS.Title },
  OddYes: '3.00',
  OddNo: '1.30',
});

const sounds = useScreenEnvironment();

function renderScreen(responder: Responder = () => json(200, { message: 'ok' })) {
  const stub = renderAdminScreen(<PredictionsScreen />, {
    responder,
    adminId: ADMIN,
    path: `/v1/admin/${ADMIN}/predictions`,
  });
  return { ...stub, socket: openLatestSocket() };
}

function sendLive(
  socket: FakeWebSocket,
  predictions: PredictionEntity[] = [LEAGUE, ELECTION],
  categories = [FOOTBALL, POLITICS],
) {
  act(() => {
    socket.serverSend({
      topic: topicNames.adminPredictionCategories,
      event: 'prediction-categories',
      data: { Categories: categories },
    });
    socket.serverSend({ topic: topicNames.adminPredictions, event: 'predictions', data: { Predictions: predictions } });
  });
}

const createForm = () => screen.getByRole('form', { name: 'Create Prediction' });
const fill = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const writes = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');
const listedQuestions = () =>
  within(screen.getByRole('table', { name: 'Predictions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

function fillValidPrediction(scope = createForm()) {
  fill(scope, 'Question', 'Will it rain on Sunday?');
  fill(scope, 'Category', FOOTBALL.ID);
  fill(scope, 'Currency LRD', '50');
  fill(scope, 'Currency USD', '0.25');
  fill(scope, 'Odds yes', '1.5');
  fill(scope, 'Odds no', '2.75');
}

describe('the Create Prediction form', () => {
  it.each([
    'Question',
    'Category',
    'Currency LRD',
    'Currency USD',
    'Odds yes',
    'Odds no',
  ])("refuses a missing %s with 'Please fill in all fields' and an error sound", async (label) => {
    const { socket, requests } = renderScreen();
    sendLive(socket);
    fillValidPrediction();
    fill(createForm(), label, '');
    fireEvent.click(within(createForm()).getByRole('button', { name: 'Create Prediction' }));
    expect(await screen.findByText(messages.validation.fillInAllFields)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(writes(requests)).toEqual([]);
  });

  it('refuses odds that are not positive numbers', async () => {
    const { socket, requests } = renderScreen();
    sendLive(socket);
    fillValidPrediction();
    fill(createForm(), 'Odds no', '0');
    fireEvent.click(within(createForm()).getByRole('button', { name: 'Create Prediction' }));
    expect(await screen.findByText(/^Odds must be a positive number/)).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it("creates a prediction without a reference number: 'Prediction created successfully!'", async () => {
    const { socket, requests } = renderScreen(() =>
      json(201, { message: messages.prediction.created, Prediction: prediction({ ID: 'pred-new' }) }),
    );
    sendLive(socket);
    fillValidPrediction();
    fireEvent.click(within(createForm()).getByRole('button', { name: 'Create Prediction' }));
    expect(await screen.findByText(messages.prediction.created)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    const [post] = writes(requests);
    expect(post!.url).toBe(pathOf(routes.createPrediction, { id: ADMIN }));
    expect(post!.body).toEqual({
      question: 'Will it rain on Sunday?',
      reference_number: '',
      category: FOOTBALL.ID,
      currency_lrd: '50.00',
      currency_usd: '0.25',
      odd_yes: '1.50',
      odd_no: '2.75',
    });
    expect((within(createForm()).getByLabelText('Question') as HTMLInputElement).value).toBe('');
  });

  it('takes its categories from the live admin/prediction-categories topic', () => {
    const { socket } = renderScreen();
    expect(socket.subscribedTopics().sort()).toEqual(
      [topicNames.adminPredictionCategories, topicNames.adminPredictions].sort(),
    );
    sendLive(socket);
    const options = within(within(createForm()).getByLabelText('Category')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select a category', 'Football', 'Politics']);
  });

  it("'+ New' opens the category dialog, creates the category and chooses it", async () => {
    const { socket, requests } = renderScreen(() =>
      json(201, { message: messages.prediction.categoryCreated, Category: { ID: 'cat-music', Title: 'Music' } }),
    );
    sendLive(socket);
    fireEvent.click(within(createForm()).getByRole('button', { name: /^\+ New/ }));
    const dialog = screen.getByRole('dialog', { name: 'New Category' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText(messages.validation.fillInAllFields)).toBeTruthy();
    expect(writes(requests)).toEqual([]);

    fill(dialog, 'Category name', '  Music ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText(messages.prediction.categoryCreated)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', pathOf(routes.createPredictionCategory, { id: ADMIN }), { category: 'Music' }],
    ]);
    expect((within(createForm()).getByLabelText('Category') as HTMLSelectElement).value).toBe('cat-music');
  });

  it("shows the server's error when the category cannot be created", async () => {
    const { socket } = renderScreen(() => json(409, { error: 'A category with this title already exists.' }));
    sendLive(socket);
    fireEvent.click(within(createForm()).getByRole('button', { name: /^\+ New/ }));
    fill(screen.getByRole('dialog'), 'Category name', 'Football');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('A category with this title already exists.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the Predictions List', () => {
  it('lists the live predictions and filters them by category', () => {
    const { socket } = renderScreen();
    expect(screen.getByText('Loading predictions…')).toBeTruthy();
    sendLive(socket);
    expect(listedQuestions()).toEqual([LEAGUE.Question, ELECTION.Question]);
    const row = screen.getByRole('cell', { name: LEAGUE.Question }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 7),
    ).toEqual(['REF-1', LEAGUE.Question, 'Football', 'L$ 100.00', 'US$ 0.50', '1.85', '2.10']);

    const filter = screen.getByLabelText('Filter by category');
    fireEvent.change(filter, { target: { value: POLITICS.ID } });
    expect(listedQuestions()).toEqual([ELECTION.Question]);
    fireEvent.change(filter, { target: { value: FOOTBALL.ID } });
    expect(listedQuestions()).toEqual([LEAGUE.Question]);
    // a live change keeps the filter
    sendLive(socket, [prediction({ ID: 'pred-3', Question: 'Will Bea Mountain win?' }), LEAGUE, ELECTION]);
    expect(listedQuestions()).toEqual(['Will Bea Mountain win?', LEAGUE.Question]);
    fireEvent.change(filter, { target: { value: '' } });
    expect(listedQuestions()).toHaveLength(3);
  });

  it('sets Delete apart from Edit, in its own destructive group', () => {
    const { socket } = renderScreen();
    sendLive(socket);
    const row = screen.getByRole('cell', { name: LEAGUE.Question }).closest('tr')!;
    expect(actionGroups(row)).toEqual({
      routine: [`Edit ${LEAGUE.Question}`],
      destructive: [`Delete ${LEAGUE.Question}`],
    });
  });

  it("edits a prediction in a dialog: PUT update-prediction, 'Prediction updated successfully'", async () => {
    const { socket, requests } = renderScreen(() =>
      json(200, { message: messages.prediction.updated, Prediction: LEAGUE }),
    );
    sendLive(socket);
    fireEvent.click(screen.getByRole('button', { name: `Edit ${LEAGUE.Question}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Prediction' });
    const value = (label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    expect([
      value('Question'),
      value('Reference number (optional)'),
      value('Category'),
      value('Currency LRD'),
      value('Odds no'),
    ]).toEqual([LEAGUE.Question, 'REF-1', FOOTBALL.ID, '100.00', '2.10']);

    fill(dialog, 'Odds yes', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.fillInAllFields)).toBeTruthy();
    expect(writes(requests)).toEqual([]);

    fill(dialog, 'Odds yes', '1.9');
    fill(dialog, 'Category', POLITICS.ID);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.prediction.updated)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(requests).map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'PUT',
        pathOf(routes.updatePrediction, { id: ADMIN, predictionId: LEAGUE.ID }),
        {
          question: LEAGUE.Question,
          reference_number: 'REF-1',
          category: POLITICS.ID,
          currency_lrd: '100.00',
          currency_usd: '0.50',
          odd_yes: '1.90',
          odd_no: '2.10',
        },
      ],
    ]);
  });

  it("deletes after confirmation: 'Prediction deleted successfully'", async () => {
    const { socket, requests } = renderScreen(() => json(200, { message: messages.prediction.deleted }));
    sendLive(socket);
    fireEvent.click(screen.getByRole('button', { name: `Delete ${ELECTION.Question}` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Prediction' });
    expect(within(dialog).getByText('This deletion is permanent and irreversible.')).toBeTruthy();
    // the question is named, and its own '?' never doubles into '??'
    expect(ELECTION.Question.endsWith('?')).toBe(true);
    expect(within(dialog).getByText(ELECTION.Question)).toBeTruthy();
    expect(dialog.textContent).not.toContain('??');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.prediction.deleted)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    expect(writes(requests).map((r) => [r.method, r.url])).toEqual([
      ['DELETE', pathOf(routes.deletePrediction, { id: ADMIN, predictionId: ELECTION.ID })],
    ]);
  });

  it("says 'Failed to delete prediction' when the delete fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket } = renderScreen(() => json(404, { error: 'Not found' }));
    sendLive(socket);
    fireEvent.click(screen.getByRole('button', { name: `Delete ${ELECTION.Question}` }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.prediction.deleteFailed)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
  });
});

describe('stream errors', () => {
  it("a refused predictions topic: 'Failed to connect to predictions' and 'Failed to load predictions'", async () => {
    const { socket } = renderScreen();
    act(() =>
      socket.serverSend({
        topic: topicNames.adminPredictions,
        event: 'error',
        data: { error: 'You do not have access to this.' },
      }),
    );
    expect(await screen.findByText(messages.prediction.connectFailed)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.prediction.loadFailed);
  });

  it("a refused categories topic: 'Failed to connect to prediction categories'", async () => {
    const { socket } = renderScreen();
    act(() =>
      socket.serverSend({
        topic: topicNames.adminPredictionCategories,
        event: 'error',
        data: { error: 'You do not have access to this.' },
      }),
    );
    expect(await screen.findByText(messages.prediction.categoriesConnectFailed)).toBeTruthy();
  });

  it("bad data: 'Invalid data format received', keeping the last good list", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket } = renderScreen();
    sendLive(socket);
    act(() =>
      socket.serverSend({ topic: topicNames.adminPredictions, event: 'predictions', data: { Predictions: 'nope' } }),
    );
    expect(await screen.findByText(messages.prediction.invalidData)).toBeTruthy();
    expect(listedQuestions()).toEqual([LEAGUE.Question, ELECTION.Question]);
  });

  it("bad data before any good list: 'Failed to load predictions'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket } = renderScreen();
    act(() => socket.serverSend({ topic: topicNames.adminPredictions, event: 'predictions', data: [{ id: 1 }] }));
    expect(await screen.findByText(messages.prediction.invalidData)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.prediction.loadFailed);
  });
});
