import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { topicNames, TOPIC_ERROR_EVENT } from '@shared/topics';
import { listAudit } from '../../functions/modules/audit';
import type { ApiClient } from '../support/api';
import { aPlainAdmin, aSuperAdmin, signedIn } from '../support/fixtures';
import { TopicClient } from '../support/ws';

/** Spec sections 2 "Create Prediction form" / "Predictions List", 3 "Prediction", 5, 8. */

type Category = { ID: string; Title: string; PredictionCount: number };
type Prediction = {
  ID: string;
  ReferenceNumber: string;
  Question: string;
  Category: { ID: string; Title: string };
  CurrencyLRD: string;
  CurrencyUSD: string;
  OddYes: string;
  OddNo: string;
};

let adminId: string;
let admin: ApiClient;

beforeAll(async () => {
  const user = await aSuperAdmin();
  adminId = user.id;
  admin = await signedIn(user);
});

const me = (extra: Record<string, string> = {}) => ({ id: adminId, ...extra });
const uniqueTitle = (label = 'Sports') => `${label} ${randomUUID().slice(0, 8)}`;

async function aCategory(title = uniqueTitle()): Promise<Category> {
  const response = await admin.call(routes.createPredictionCategory, me(), { category: title });
  expect(response.status).toBe(201);
  return { ...response.body.Category, PredictionCount: 0 };
}

const predictionBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  question: 'Will the Lone Star win on Sunday?',
  reference_number: `REF-${randomUUID().slice(0, 6)}`,
  category: categoryId,
  currency_lrd: '100.00',
  currency_usd: '0.50',
  odd_yes: '1.85',
  odd_no: '2.10',
  ...overrides,
});

async function aPrediction(categoryId: string, overrides: Record<string, unknown> = {}): Promise<Prediction> {
  const response = await admin.call(routes.createPrediction, me(), predictionBody(categoryId, overrides));
  expect(response.status).toBe(201);
  return response.body.Prediction;
}

const listCategories = async (): Promise<Category[]> =>
  (await admin.call(routes.listPredictionCategories, me())).body.Categories;
const listPredictions = async (query = ''): Promise<Prediction[]> => {
  const response = await admin.request('GET', `${routes.listPredictions.path.replace(':id', adminId)}${query}`);
  expect(response.status).toBe(200);
  return response.body.Predictions;
};

describe('prediction categories', () => {
  it('creates a category (201, "Category created successfully!") and lists it with no predictions', async () => {
    const title = uniqueTitle();
    const response = await admin.call(routes.createPredictionCategory, me(), { category: `  ${title} ` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: messages.prediction.categoryCreated,
      Category: { ID: expect.any(String), Title: title },
    });
    expect(await listCategories()).toContainEqual({ ID: response.body.Category.ID, Title: title, PredictionCount: 0 });
  });

  it('refuses a missing or blank category with "Please fill in all fields"', async () => {
    for (const body of [{}, { category: '' }, { category: '   ' }, { category: null }]) {
      const response = await admin.call(routes.createPredictionCategory, me(), body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.validation.fillInAllFields);
      expect(response.body.fields).toHaveProperty('category');
    }
  });

  it('refuses a title already taken, whatever its case (409)', async () => {
    const { Title } = await aCategory();
    const response = await admin.call(routes.createPredictionCategory, me(), { category: Title.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ category: 'Already exists' });
  });

  it('lets exactly one of 20 concurrent creates of the same title win', async () => {
    const title = uniqueTitle('Football');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => admin.call(routes.createPredictionCategory, me(), { category: title })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect((await listCategories()).filter((c) => c.Title.toLowerCase() === title.toLowerCase())).toHaveLength(1);
  });

  it('deletes an unused category and frees its title', async () => {
    const category = await aCategory();
    const response = await admin.call(routes.deletePredictionCategory, me({ categoryId: category.ID }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.prediction.categoryDeleted });
    expect((await listCategories()).map((c) => c.ID)).not.toContain(category.ID);
    await aCategory(category.Title);
  });

  it('refuses to delete a category while a prediction uses it (409), and allows it once none does', async () => {
    const category = await aCategory();
    const prediction = await aPrediction(category.ID);
    const refused = await admin.call(routes.deletePredictionCategory, me({ categoryId: category.ID }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/still has predictions/);
    expect((await listCategories()).find((c) => c.ID === category.ID)?.PredictionCount).toBe(1);

    await admin.call(routes.deletePrediction, me({ predictionId: prediction.ID }));
    expect((await admin.call(routes.deletePredictionCategory, me({ categoryId: category.ID }))).status).toBe(200);
  });

  it('answers 404 for a category that does not exist', async () => {
    for (const categoryId of [randomUUID(), 'x'.repeat(300)]) {
      const response = await admin.call(routes.deletePredictionCategory, me({ categoryId }));
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });
});

describe('predictions', () => {
  let category: Category;
  beforeAll(async () => {
    category = await aCategory();
  });

  it('creates a prediction (201, "Prediction created successfully!") in the spec\'s shape', async () => {
    const body = predictionBody(category.ID, { reference_number: 'PRED-001' });
    const response = await admin.call(routes.createPrediction, me(), body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: messages.prediction.created,
      Prediction: {
        ID: expect.any(String),
        ReferenceNumber: 'PRED-001',
        Question: body.question,
        Category: { ID: category.ID, Title: category.Title },
        CurrencyLRD: '100.00',
        CurrencyUSD: '0.50',
        OddYes: '1.85',
        OddNo: '2.10',
      },
    });
  });

  it('does not require a reference number', async () => {
    const { reference_number: _omitted, ...body } = predictionBody(category.ID);
    const response = await admin.call(routes.createPrediction, me(), body);
    expect(response.status).toBe(201);
    expect(response.body.Prediction.ReferenceNumber).toBe('');
  });

  it('accepts numbers as well as text and normalises them to 2 decimals', async () => {
    const prediction = await aPrediction(category.ID, {
      currency_lrd: 250,
      currency_usd: 1.5,
      odd_yes: 3,
      odd_no: '1.2',
    });
    expect(prediction).toMatchObject({ CurrencyLRD: '250.00', CurrencyUSD: '1.50', OddYes: '3.00', OddNo: '1.20' });
  });

  for (const field of ['question', 'category', 'currency_lrd', 'currency_usd', 'odd_yes', 'odd_no']) {
    it(`refuses a missing or blank ${field} with "Please fill in all fields"`, async () => {
      const { [field]: _dropped, ...without }: Record<string, unknown> = predictionBody(category.ID);
      for (const body of [
        without,
        { ...without, [field]: '' },
        { ...without, [field]: '  ' },
        { ...without, [field]: null },
      ]) {
        const response = await admin.call(routes.createPrediction, me(), body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(messages.validation.fillInAllFields);
        expect(response.body.fields).toHaveProperty(field);
      }
    });
  }

  const badNumbers: Array<[string, unknown]> = [
    ['currency_lrd', '-5'],
    ['currency_lrd', '1.005'],
    ['currency_usd', 'ten'],
    ['currency_usd', 1e15],
    ['odd_yes', '0'],
    ['odd_yes', -1.5],
    ['odd_no', '1.999'],
    ['odd_no', '99999999'],
  ];
  for (const [field, value] of badNumbers) {
    it(`refuses ${field} = ${JSON.stringify(value)} with a 400 naming the field`, async () => {
      const response = await admin.call(routes.createPrediction, me(), predictionBody(category.ID, { [field]: value }));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(
        field.startsWith('odd') ? /^Odds must be a positive number/ : /^Enter an amount/,
      );
      expect(response.body.fields).toEqual({ [field]: response.body.error });
    });
  }

  it('refuses a category that does not exist (400 naming the field)', async () => {
    const response = await admin.call(routes.createPrediction, me(), predictionBody(randomUUID()));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ category: 'Choose an existing category' });
  });

  it('lists predictions newest first and filters them by category', async () => {
    const other = await aCategory();
    const first = await aPrediction(other.ID, { question: 'First?' });
    const second = await aPrediction(other.ID, { question: 'Second?' });
    const elsewhere = await aPrediction(category.ID);

    const all = (await listPredictions()).map((p) => p.ID);
    expect(all).toEqual(expect.arrayContaining([first.ID, second.ID, elsewhere.ID]));
    expect(all.indexOf(second.ID)).toBeLessThan(all.indexOf(first.ID));

    expect(await listPredictions(`?category=${other.ID}`)).toEqual([second, first]);
    expect(await listPredictions(`?category=${randomUUID()}`)).toEqual([]);
    expect((await listPredictions('?category=')).map((p) => p.ID)).toEqual(
      expect.arrayContaining([first.ID, elsewhere.ID]),
    );
  });

  it('refuses a malformed category filter with a 400', async () => {
    for (const query of [`?category=${'x'.repeat(100)}`, '?category=%3Cscript%3E']) {
      const response = await admin.request('GET', `${routes.listPredictions.path.replace(':id', adminId)}${query}`);
      expect(response.status).toBe(400);
      expect(response.body.fields).toHaveProperty('category');
    }
  });

  it("saves an edit for real (the spec's original only logged it)", async () => {
    const prediction = await aPrediction(category.ID);
    const edited = predictionBody(category.ID, {
      question: 'Edited?',
      reference_number: 'EDIT-1',
      currency_lrd: '300',
      odd_no: '4.5',
    });
    const response = await admin.call(routes.updatePrediction, me({ predictionId: prediction.ID }), edited);
    expect(response.status).toBe(200);
    const expected = {
      ...prediction,
      Question: 'Edited?',
      ReferenceNumber: 'EDIT-1',
      CurrencyLRD: '300.00',
      OddNo: '4.50',
    };
    expect(response.body).toEqual({ message: messages.prediction.updated, Prediction: expected });
    expect((await listPredictions()).find((p) => p.ID === prediction.ID)).toEqual(expected);
  });

  it('moves a prediction to another category, moving the counts with it', async () => {
    const from = await aCategory();
    const to = await aCategory();
    const prediction = await aPrediction(from.ID);
    const response = await admin.call(
      routes.updatePrediction,
      me({ predictionId: prediction.ID }),
      predictionBody(to.ID),
    );
    expect(response.body.Prediction.Category).toEqual({ ID: to.ID, Title: to.Title });
    const counts = Object.fromEntries((await listCategories()).map((c) => [c.ID, c.PredictionCount]));
    expect([counts[from.ID], counts[to.ID]]).toEqual([0, 1]);
    expect(await listPredictions(`?category=${from.ID}`)).toEqual([]);
  });

  it('validates an edit like a create, and answers 404 for an unknown prediction', async () => {
    const prediction = await aPrediction(category.ID);
    const missing = await admin.call(routes.updatePrediction, me({ predictionId: prediction.ID }), {
      question: 'Only this',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(messages.validation.fillInAllFields);
    const unknownCategory = await admin.call(
      routes.updatePrediction,
      me({ predictionId: prediction.ID }),
      predictionBody(randomUUID()),
    );
    expect(unknownCategory.status).toBe(400);
    const unknown = await admin.call(
      routes.updatePrediction,
      me({ predictionId: randomUUID() }),
      predictionBody(category.ID),
    );
    expect(unknown.status).toBe(404);
    expect((await listPredictions()).find((p) => p.ID === prediction.ID)).toEqual(prediction);
  });

  it('deletes a prediction ("Prediction deleted successfully"); a second delete is a 404', async () => {
    const prediction = await aPrediction(category.ID);
    const response = await admin.call(routes.deletePrediction, me({ predictionId: prediction.ID }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.prediction.deleted });
    expect((await listPredictions()).map((p) => p.ID)).not.toContain(prediction.ID);
    expect((await admin.call(routes.deletePrediction, me({ predictionId: prediction.ID }))).status).toBe(404);
  });

  it('writes an audit line with every change', async () => {
    const own = await aCategory();
    const prediction = await aPrediction(own.ID);
    await admin.call(
      routes.updatePrediction,
      me({ predictionId: prediction.ID }),
      predictionBody(own.ID, { question: 'Audited?' }),
    );
    await admin.call(routes.deletePrediction, me({ predictionId: prediction.ID }));
    await admin.call(routes.deletePredictionCategory, me({ categoryId: own.ID }));

    const { items } = await listAudit(1000);
    const actions = (target: string) =>
      items
        .filter((a) => a.target === target)
        .map((a) => a.action)
        .sort();
    expect(actions(`predictionCategory:${own.ID}`)).toEqual(['predictionCategory.create', 'predictionCategory.delete']);
    expect(actions(`prediction:${prediction.ID}`)).toEqual([
      'prediction.create',
      'prediction.delete',
      'prediction.update',
    ]);
    const update = items.find((a) => a.target === `prediction:${prediction.ID}` && a.action === 'prediction.update')!;
    expect(update).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      before: { question: prediction.Question },
      after: { question: 'Audited?' },
    });
  });
});

describe('bad input to the prediction routes', () => {
  let category: Category;
  beforeAll(async () => {
    category = await aCategory();
  });

  it('answers wrong types with a 400 per field', async () => {
    const response = await admin.call(routes.createPrediction, me(), {
      question: 42,
      reference_number: { a: 1 },
      category: ['x'],
      currency_lrd: true,
      currency_usd: {},
      odd_yes: [],
      odd_no: '1.5',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(
      ['category', 'currency_lrd', 'currency_usd', 'odd_yes', 'question', 'reference_number'].sort(),
    );
  });

  it('answers 10 KB strings with a 400, not a stored blob', async () => {
    const huge = 'x'.repeat(10 * 1024);
    for (const body of [
      predictionBody(category.ID, { question: huge }),
      predictionBody(category.ID, { reference_number: huge }),
    ]) {
      const response = await admin.call(routes.createPrediction, me(), body);
      expect(response.status).toBe(400);
    }
    const title = await admin.call(routes.createPredictionCategory, me(), { category: huge });
    expect(title.status).toBe(400);
  });

  it('stores script tags as plain data', async () => {
    const script = '<script>alert("x")</script>';
    const prediction = await aPrediction(category.ID, { question: script, reference_number: '<b>1</b>' });
    expect(prediction).toMatchObject({ Question: script, ReferenceNumber: '<b>1</b>' });
    const titled = await aCategory(`<img src=x onerror=alert(1)> ${randomUUID().slice(0, 6)}`);
    expect((await listCategories()).find((c) => c.ID === titled.ID)?.Title).toBe(titled.Title);
  });

  it('answers malformed JSON and non-object bodies with a 400', async () => {
    for (const rawBody of ['{"question": ', '[]', '"text"', 'null', '42']) {
      const response = await admin.request('POST', routes.createPrediction.path.replace(':id', adminId), undefined, {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('never answers 500 to arbitrary prediction bodies', async () => {
    const value = fc.oneof(fc.jsonValue(), fc.string(), fc.double(), fc.constantFrom('-1', '1e400', '0.001', ''));
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            question: value,
            category: fc.oneof(value, fc.constant(category.ID)),
            currency_lrd: value,
            currency_usd: value,
            odd_yes: value,
            odd_no: value,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const response = await admin.call(routes.createPrediction, me(), body);
          expect([201, 400]).toContain(response.status);
          if (response.status === 400) expect(response.body.error).toEqual(expect.any(String));
          expect(response.text).not.toMatch(/at .*\.ts:\d+/);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('live prediction topics', () => {
  it('pushes a created prediction to a subscribed super admin', async () => {
    const category = await aCategory();
    const socket = await TopicClient.connect(admin.sessionCookie);
    try {
      socket.subscribe(topicNames.adminPredictions);
      await socket.waitFor((m) => m.topic === topicNames.adminPredictions && m.event === 'predictions');

      const response = await admin.call(
        routes.createPrediction,
        me(),
        predictionBody(category.ID, { question: 'Live?' }),
      );
      const update = await socket.waitFor<{ Predictions: Prediction[] }>(
        (m) => m.event === 'predictions' && m.data.Predictions.some((p) => p.ID === response.body.Prediction.ID),
      );
      expect(update.data.Predictions.find((p) => p.ID === response.body.Prediction.ID)).toEqual(
        response.body.Prediction,
      );
    } finally {
      socket.close();
    }
  });

  it('pushes category changes, counts included, to admin/prediction-categories', async () => {
    const socket = await TopicClient.connect(admin.sessionCookie);
    try {
      socket.subscribe(topicNames.adminPredictionCategories);
      await socket.waitFor(
        (m) => m.topic === topicNames.adminPredictionCategories && m.event === 'prediction-categories',
      );
      const category = await aCategory();
      await aPrediction(category.ID);
      const update = await socket.waitFor<{ Categories: Category[] }>(
        (m) =>
          m.event === 'prediction-categories' &&
          m.data.Categories.some((c) => c.ID === category.ID && c.PredictionCount === 1),
      );
      expect(update.data.Categories.find((c) => c.ID === category.ID)).toEqual({ ...category, PredictionCount: 1 });
    } finally {
      socket.close();
    }
  });

  it('refuses both topics to a plain admin', async () => {
    const plain = await signedIn(await aPlainAdmin());
    const socket = await TopicClient.connect(plain.sessionCookie);
    try {
      for (const topic of [topicNames.adminPredictions, topicNames.adminPredictionCategories]) {
        socket.subscribe(topic);
        const refusal = await socket.waitFor((m) => m.topic === topic);
        expect(refusal).toEqual({
          topic,
          event: TOPIC_ERROR_EVENT,
          data: { error: 'You do not have access to this topic.' },
        });
      }
    } finally {
      socket.close();
    }
  });
});
