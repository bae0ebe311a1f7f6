import { providerFetch, type ProviderResponse } from '../provider-http';

/** A MoMo API call (timeouts and 5xx as in ../provider-http). */
export type MomoResponse = ProviderResponse;

export const momoFetch = (url: string, init: RequestInit, timeoutMs: number): Promise<MomoResponse> =>
  providerFetch('MTN MoMo', url, init, timeoutMs);
