import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '@/lib/document-title';

describe("a page's document title", () => {
  it('names the page, then the site', () => {
    expect(documentTitle('My Bookings')).toBe('My Bookings · Breathwork');
    expect(documentTitle('  Breath & Birth: Pregnancy Breathwork ')).toBe('Breath & Birth: Pregnancy Breathwork · Breathwork');
  });

  it("is the home page's title, as index.html has it, without a page", () => {
    const indexHtml = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'index.html'), 'utf8');
    expect(`<title>${documentTitle()}</title>`).toBe(/<title>.*<\/title>/.exec(indexHtml)?.[0]);
    expect(documentTitle('   ')).toBe('Breathwork · Live sessions and recordings');
  });
});
