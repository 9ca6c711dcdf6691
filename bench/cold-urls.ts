/** URLs the bench loads cold: each new to the server, so nothing is answered from a cache. */

/**
 * The i-th filter combination of the challenge finder, never repeated (the price cap moves by a
 * cent each time), with sizes, steps, markets, sorts and pass rates taking turns. The API and the
 * page name the pass rate differently (passRate 0-1, pass in %).
 */
export function challengeFilters(i: number, target: 'api' | 'page'): string {
  const params = new URLSearchParams();
  const sizes = [10_000, 25_000, 50_000, 100_000, 200_000];
  if (i % 2 === 0) params.append('size', String(sizes[i % sizes.length]));
  if (i % 3 !== 0) params.append('steps', String(i % 4));
  if (i % 5 === 1) params.append('asset', ['cfd', 'futures', 'crypto'][i % 3]);
  if (i % 7 === 2) params.set('noTimeLimit', 'true');
  if (i % 11 === 3) params.set('country', 'United States');
  params.set('priceMax', (150 + i * 0.01).toFixed(2));
  const sort = ['price', 'trueCost', 'costPer1k', 'rating', 'size', 'profitSplit'][i % 6];
  if (sort !== 'price') params.set('sort', sort);
  const pass = 5 + (i % 40);
  params.set(target === 'api' ? 'passRate' : 'pass', target === 'api' ? String(pass / 100) : String(pass));
  return params.toString();
}
