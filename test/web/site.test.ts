import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site, ussdHref } from '@web/lib/site';

describe('site constants', () => {
  it('index.html names the site and the USSD code as lib/site.ts does', () => {
    // index.html is static (no JS runs in <noscript>); this keeps it in step.
    const html = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');
    expect(html).toContain(`<title>${site.name}</title>`);
    expect(html).toContain(`dialling ${site.ussdCode} on any phone`);
  });

  it('dials the USSD code with its # escaped', () => {
    expect(site.ussdCode).toBe('*384*2024#');
    expect(ussdHref).toBe('tel:*384*2024%23');
  });
});
