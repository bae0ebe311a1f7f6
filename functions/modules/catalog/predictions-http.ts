import { ID_PATTERN, type PredictionRequest } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { notFound } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import {
  categoryEntity,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
} from './store/prediction-categories';
import {
  createPrediction,
  deletePrediction,
  listPredictionEntities,
  predictionEntity,
  updatePrediction,
  type Prediction,
  type PredictionInput,
} from './store/predictions';
import { actorOf } from '../audit';

/** Prediction categories and predictions (spec sections 2, 5, 7). Endpoints: shared/api/endpoints/admin-predictions.ts. */
export function registerPredictionRoutes(app: HttpApp<'admin'>): void {
  app.on('createPredictionCategory', async (request) => {
    const category = await createCategory(request.body.category, actorOf(request), request.now);
    return created({
      message: messages.prediction.categoryCreated,
      Category: { ID: category.id, Title: category.title },
    });
  });

  app.on('listPredictionCategories', async () => ({ Categories: (await listCategories()).map(categoryEntity) }));

  app.on('deletePredictionCategory', async (request) => {
    await deleteCategory(pathId(request, 'categoryId'), actorOf(request), request.now);
    return { message: messages.prediction.categoryDeleted };
  });

  app.on('createPrediction', async (request) => {
    const prediction = await createPrediction(toPredictionInput(request.body), actorOf(request), request.now);
    return created({ message: messages.prediction.created, Prediction: await withTitle(prediction) });
  });

  app.on('listPredictions', async (request) => ({
    Predictions: await listPredictionEntities(request.query.category),
  }));

  app.on('updatePrediction', async (request) => {
    const id = pathId(request, 'predictionId');
    const prediction = await updatePrediction(id, toPredictionInput(request.body), actorOf(request), request.now);
    return { message: messages.prediction.updated, Prediction: await withTitle(prediction) };
  });

  app.on('deletePrediction', async (request) => {
    await deletePrediction(pathId(request, 'predictionId'), actorOf(request), request.now);
    return { message: messages.prediction.deleted };
  });
}

function toPredictionInput(body: PredictionRequest): PredictionInput {
  return {
    question: body.question,
    referenceNumber: body.reference_number,
    categoryId: body.category,
    currencyLrdCents: body.currency_lrd,
    currencyUsdCents: body.currency_usd,
    oddYesHundredths: body.odd_yes,
    oddNoHundredths: body.odd_no,
  };
}

async function withTitle(prediction: Prediction) {
  return predictionEntity(prediction, (await getCategory(prediction.categoryId))?.title ?? '');
}

/** A path id we could have issued, else 404 (never a key DynamoDB would refuse). */
function pathId(request: GuardedRequest, name: string): string {
  const id = request.params[name] ?? '';
  if (!ID_PATTERN.test(id)) throw notFound();
  return id;
}
