import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiDocFile, documentedPart, generatedPart, routeTables, withPart } from '../../bin/api-doc';
import { routes } from '../../functions/routes';

describe('docs/api.md', () => {
  it('has the route tables the catalogue (functions/routes.ts) gives', async () => {
    const documented = documentedPart(readFileSync(apiDocFile, 'utf8'));
    expect(documented, 'docs/api.md is out of date with functions/routes.ts: run `npm run docs:api`').toBe(await generatedPart());
  });

  it('shows only the fields it documents, so a route that carries more renders the same', () => {
    const withMore = routes.map((route) => ({ ...route, grants: [], function: 'SomeFunction' }));
    expect(routeTables(withMore)).toBe(routeTables(routes));
  });

  it('writes the tables between the markers and keeps the prose around them', () => {
    const doc = '# API\n\nBefore.\n\n<!-- routes:start -->\n\nold\n\n<!-- routes:end -->\n\nAfter.\n';
    const written = withPart(doc, 'new');
    expect(written).toBe('# API\n\nBefore.\n\n<!-- routes:start -->\n\nnew\n\n<!-- routes:end -->\n\nAfter.\n');
    expect(documentedPart(written)).toBe('new');
    expect(() => withPart('# API\n', 'new')).toThrow(/markers/);
  });
});
