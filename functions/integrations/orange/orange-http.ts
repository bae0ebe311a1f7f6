import { providerFetch, type ProviderResponse } from '../provider-http';

/** An Orange Money API call (timeouts and 5xx, such as the WSO2 gateway's XML faults, as in ../provider-http). */
export type OrangeResponse = ProviderResponse;

export const orangeFetch = (url: string, init: RequestInit, timeoutMs: number): Promise<OrangeResponse> =>
  providerFetch('Orange Money', url, init, timeoutMs);
