import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import { type LazyPage, lazyPage } from './lib/lazy-page';

export type Access = 'public' | 'user' | 'admin';

export interface AppRoute {
  path: string;
  access: Access;
  page: LazyPage;
}

/**
 * A page of `./pages/`, with its data in its module's `loader` (lib/page-loader.ts); its source path
 * lets the server preload its chunk with the HTML.
 */
const page = (name: string) => lazyPage(`src/web/pages/${name}.tsx`, () => import(`./pages/${name}.tsx`));

/** The route table of spec section 2. Order matters only for the final catch-all. */
export const appRoutes: AppRoute[] = [
  { path: '/', access: 'public', page: page('home-page') },
  { path: '/firms', access: 'public', page: page('firms-page') },
  { path: '/challenges', access: 'public', page: page('challenges-page') },
  { path: '/firm/:slug', access: 'public', page: page('firm-page') },
  { path: '/compare', access: 'public', page: page('compare-page') },
  { path: '/methodology', access: 'public', page: page('methodology-page') },
  { path: '/review-integrity', access: 'public', page: page('review-integrity-page') },
  { path: '/blog', access: 'public', page: page('blog-page') },
  { path: '/blog/:slug', access: 'public', page: page('blog-post-page') },
  { path: '/coupons', access: 'public', page: page('coupons-page') },
  { path: '/deals/:slug', access: 'public', page: page('deal-page') },
  { path: '/giveaways', access: 'public', page: page('giveaways-page') },
  { path: '/giveaways/:slug', access: 'public', page: page('giveaway-page') },
  { path: '/verify-giveaway', access: 'public', page: page('verify-giveaway-page') },
  { path: '/contact', access: 'public', page: page('contact-page') },
  { path: '/auth', access: 'public', page: page('auth-page') },
  { path: '/earn-points', access: 'public', page: page('earn-points-page') },
  { path: '/privacy-policy', access: 'public', page: page('privacy-policy-page') },
  { path: '/terms-of-service', access: 'public', page: page('terms-of-service-page') },
  { path: '/affiliate-disclosure', access: 'public', page: page('affiliate-disclosure-page') },
  { path: '/cookie-policy', access: 'public', page: page('cookie-policy-page') },
  { path: '/profile', access: 'user', page: page('profile-page') },
  { path: '/cashback-claims', access: 'user', page: page('cashback-claims-page') },
  { path: '/offerwall', access: 'user', page: page('offerwall-page') },
  { path: '/adscend-offerwall', access: 'user', page: page('adscend-offerwall-page') },
  { path: '/firm-console/:slug', access: 'user', page: page('firm-console-page') },
  { path: '/admin', access: 'admin', page: page('admin-page') },
  { path: '/admin/firms', access: 'admin', page: page('admin-firms-page') },
  { path: '/admin/firms/:id', access: 'admin', page: page('admin-firm-page') },
  { path: '/admin/coupons', access: 'admin', page: page('admin-coupons-page') },
  { path: '/admin/coupons/:id', access: 'admin', page: page('admin-coupon-page') },
  { path: '/admin/posts', access: 'admin', page: page('admin-posts-page') },
  { path: '/admin/posts/:id', access: 'admin', page: page('admin-post-page') },
  { path: '/admin/quick-updates', access: 'admin', page: page('admin-quick-updates-page') },
  { path: '/admin/audit', access: 'admin', page: page('admin-audit-page') },
  { path: '/admin/data', access: 'admin', page: page('admin-data-page') },
  { path: '/admin/messages', access: 'admin', page: page('admin-messages-page') },
  { path: '/admin/reviews', access: 'admin', page: page('admin-reviews-page') },
  { path: '/admin/payout-reports', access: 'admin', page: page('admin-payout-reports-page') },
  { path: '/admin/firm-claims', access: 'admin', page: page('admin-firm-claims-page') },
  { path: '/admin/change-requests', access: 'admin', page: page('admin-change-requests-page') },
  { path: '/admin/subscribers', access: 'admin', page: page('admin-subscribers-page') },
  { path: '/admin/newsletter', access: 'admin', page: page('admin-newsletter-page') },
  { path: '/admin/users', access: 'admin', page: page('admin-users-page') },
  { path: '/admin/firm-analytics', access: 'admin', page: page('admin-firm-analytics-page') },
  { path: '/admin/firm-analytics/:id', access: 'admin', page: page('admin-firm-analytics-detail-page') },
  { path: '/admin/analytics', access: 'admin', page: page('admin-analytics-page') },
  { path: '/admin/giveaways', access: 'admin', page: page('admin-giveaways-page') },
  { path: '/admin/cashback-claims', access: 'admin', page: page('admin-points-claims-page') },
  { path: '/admin/cash-outs', access: 'admin', page: page('admin-points-cash-outs-page') },
  { path: '/admin/postbacks', access: 'admin', page: page('admin-points-postbacks-page') },
  { path: '/admin/review-awards', access: 'admin', page: page('admin-points-awards-page') },
  { path: '*', access: 'public', page: page('not-found-page') },
];

/** Decodes a URL path as the router does (`%20` -> space), leaving a malformed one as it is. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The route a path shows and its parameters: the first route of the table that matches, as the
 * router's `<Switch>` chooses. The server uses it to render the page with its loader's data, the
 * browser to preload the page.
 */
export function matchAppRoute(pathname: string): {
  route: AppRoute;
  params: Record<string, string | undefined>;
} {
  const path = decodePath(pathname);
  for (const route of appRoutes) {
    const [matches, params] = matchRoute(parsePattern, route.path, path);
    if (matches) return { route, params };
  }
  return { route: appRoutes[appRoutes.length - 1], params: {} };
}
