import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, firstLoadFiles } from '../../bench/first-load';

// The first load stays near 105 KB gzip (docs/performance.md) only while the schemas stay out of
// it: zod is about 25 KB gzip, and one value import from a schema module in the entry's graph
// (src/domain/accounts.ts, say) brings all of it in.
describe('the browser bundle', () => {
  // The pages visitors land on (forms that validate as you type, such as /auth and /contact, load
  // zod with their page).
  const LANDING_PAGES = [
    'home-page',
    'firms-page',
    'firm-page',
    'coupons-page',
    'deal-page',
    'challenges-page',
    'compare-page',
    'blog-page',
    'blog-post-page',
    'giveaways-page',
    'giveaway-page',
    'earn-points-page',
  ];
  it.each([['entry only'], ...LANDING_PAGES.map((p) => [p])])('loads no zod on a first visit: %s', (page) => {
    const files = firstLoadFiles(page === 'entry only' ? [] : [`src/web/pages/${page}.tsx`]);
    expect(files.length).toBeGreaterThan(page === 'entry only' ? 0 : 1);
    for (const file of files) {
      expect(readFileSync(path.join(CLIENT_DIR, file), 'utf8'), file).not.toContain('ZodError');
    }
  });

  // The password strength estimator and its dictionary (about 240 KB gzip) come with the first new
  // password typed, not with any page, even those with the password forms.
  it.each([['entry only'], ...[...LANDING_PAGES, 'auth-page', 'profile-page'].map((p) => [p])])(
    'loads no password dictionary on a first visit: %s',
    (page) => {
      const files = firstLoadFiles(page === 'entry only' ? [] : [`src/web/pages/${page}.tsx`]);
      for (const file of files) {
        expect(readFileSync(path.join(CLIENT_DIR, file), 'utf8'), file).not.toContain('passwords-common');
      }
    },
  );
});
