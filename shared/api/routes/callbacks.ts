import { callbackReceipt } from '../schemas/play';
import { callbackEndpoints } from '../endpoints/callbacks';
import { withAnswers } from '../route-spec';

/** callbackEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const callbackRoutes = withAnswers(callbackEndpoints, {
  momoCallbackPut: callbackReceipt,
  momoCallbackPost: callbackReceipt,
  orangeNotification: callbackReceipt,
  momoTransferCallbackPut: callbackReceipt,
  momoTransferCallbackPost: callbackReceipt,
  orangeCashinNotification: callbackReceipt,
});
