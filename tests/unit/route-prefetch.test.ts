import { describe, expect, it } from 'vitest';
import { routePrefetch } from '../../src/web/route-prefetch';
import { appRoutes } from '../../src/web/routes';

describe("the server's prefetch table", () => {
  it('names only routes of the route table, so no prefetch is lost to a typo', () => {
    const paths = new Set(appRoutes.map((r) => r.path));
    expect(Object.keys(routePrefetch).filter((path) => !paths.has(path))).toEqual([]);
    expect(Object.keys(routePrefetch)).toEqual(expect.arrayContaining(['/', '/firms', '/firm/:slug']));
  });
});
