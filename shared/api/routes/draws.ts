import { drawEndpoints } from '../endpoints/draws';
import { withAnswers } from '../route-spec';
import {
  clearDrawAnswer,
  clearPreviewAnswer,
  drawAnswer,
  publicDrawRecord,
  publicFairDraws,
  publicInclusionProof,
  publicResults,
  publicWinnersAnswer,
  selectWinnerAnswer,
} from '../schemas/draws';

/** drawEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const drawRoutes = withAnswers(drawEndpoints, {
  announcerDraw: drawAnswer,
  selectWinner: selectWinnerAnswer,
  clearPartnerDraw: clearDrawAnswer,
  clearPartnerDrawPreview: clearPreviewAnswer,
  publicDraw: publicDrawRecord,
  publicDrawProof: publicInclusionProof,
  publicFairDraws: publicFairDraws,
  publicResults: publicResults,
  publicWinners: publicWinnersAnswer,
});
