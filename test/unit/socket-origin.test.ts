import { describe, expect, it } from 'vitest';
import { socketOriginAllowed } from '../../functions/modules/live/origin';

/** DESIGN section 7: a cross-site page may not open a socket that rides the staff cookie. */
describe('which origins may open a WebSocket', () => {
  const site = {
    allowed: [],
    publicBaseUrl: 'https://raffle.example.org',
    host: 'abc123.execute-api.us-east-1.amazonaws.com',
  };

  it('lets a handshake without Origin through: no browser page sent it', () => {
    expect(socketOriginAllowed(undefined, site)).toBe(true);
  });

  it("without ALLOWED_ORIGINS accepts the site's public origin and the host the socket was opened on", () => {
    expect(socketOriginAllowed('https://raffle.example.org', site)).toBe(true);
    expect(socketOriginAllowed('HTTPS://Raffle.Example.org', site)).toBe(true);
    expect(socketOriginAllowed('http://localhost:3000', { allowed: [], host: 'localhost:3000' })).toBe(true);
  });

  it('without ALLOWED_ORIGINS refuses every other origin', () => {
    expect(socketOriginAllowed('https://evil.example', site)).toBe(false);
    expect(socketOriginAllowed('http://raffle.example.org', site)).toBe(false);
    expect(socketOriginAllowed('https://raffle.example.org.evil.example', site)).toBe(false);
    expect(socketOriginAllowed('http://localhost:3001', { allowed: [], host: 'localhost:3000' })).toBe(false);
    expect(socketOriginAllowed('https://evil.example', { allowed: [] })).toBe(false);
  });

  it('refuses the opaque origin null and anything that is not an http(s) origin', () => {
    for (const origin of ['null', '', 'not a url', 'file:///etc/passwd', 'chrome-extension://abc']) {
      expect(socketOriginAllowed(origin, site)).toBe(false);
    }
  });

  it('with ALLOWED_ORIGINS accepts only those', () => {
    const listed = { ...site, allowed: ['https://raffle.example.org', 'https://www.raffle.example.org/'] };
    expect(socketOriginAllowed('https://www.raffle.example.org', listed)).toBe(true);
    expect(socketOriginAllowed('https://raffle.example.org', listed)).toBe(true);
    expect(socketOriginAllowed('https://abc123.execute-api.us-east-1.amazonaws.com', listed)).toBe(false);
    expect(socketOriginAllowed('https://evil.example', listed)).toBe(false);
  });
});
