/**
 * The header CloudFront adds to every request it sends to the HTTP and
 * WebSocket APIs, carrying the origin-verify secret (DESIGN section 7). The
 * CDK sets it on the distribution's origins; the functions check it.
 */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';
