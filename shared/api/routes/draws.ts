import { drawEndpoints } from '../endpoints/draws';
import { publicDrawEndpoints } from '../endpoints/public-draws';
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
  voidWinnerAnswer,
} from '../schemas/draws';

/** The staff's and the public's draw endpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const drawRoutes = withAnswers(
  { ...drawEndpoints, ...publicDrawEndpoints },
  {
    announcerDraw: drawAnswer,
    selectWinner: selectWinnerAnswer,
    clearPartnerDraw: clearDrawAnswer,
    clearPartnerDrawPreview: clearPreviewAnswer,
    publicDraw: publicDrawRecord,
    publicDrawProof: publicInclusionProof,
    publicFairDraws: publicFairDraws,
    publicResults: publicResults,
    publicWinners: publicWinnersAnswer,
    voidWinner: voidWinnerAnswer,
  },
);
