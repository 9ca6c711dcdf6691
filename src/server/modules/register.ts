import type { Http } from '../lib/http';
import { accountsRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import { analyticsRoutes } from './analytics/routes';
import { blogRoutes } from './blog/routes';
import { challengesRoutes } from './challenges/routes';
import { contactRoutes } from './contact/routes';
import { couponRoutes } from './coupons/routes';
import { firmClaimsRoutes } from './firm-claims/routes';
import { firmsRoutes } from './firms/routes';
import { giveawaysRoutes } from './giveaways/routes';
import { newsletterRoutes } from './newsletter/routes';
import { outboundRoutes } from './outbound/routes';
import { payoutsRoutes } from './payouts/routes';
import { pointsRoutes } from './points/routes';
import { priceHistoryRoutes } from './price-history/routes';
import { repliesRoutes } from './replies/routes';
import { reviewsRoutes } from './reviews/routes';
import { ruleChangeRoutes } from './rule-changes/routes';
import { seoRoutes } from './seo/routes';
import { widgetRoutes } from './widget/routes';

/** Every module's routes, in one list so a newcomer sees the whole API surface at once. */
export async function registerModules(app: Http): Promise<void> {
  await app.register(accountsRoutes);
  await app.register(adminRoutes);
  await app.register(analyticsRoutes);
  await app.register(couponRoutes);
  await app.register(blogRoutes);
  await app.register(newsletterRoutes);
  await app.register(contactRoutes);
  await app.register(firmsRoutes);
  await app.register(firmClaimsRoutes);
  await app.register(challengesRoutes);
  await app.register(priceHistoryRoutes);
  await app.register(reviewsRoutes);
  await app.register(repliesRoutes);
  await app.register(giveawaysRoutes);
  await app.register(ruleChangeRoutes);
  await app.register(pointsRoutes);
  await app.register(payoutsRoutes);
  await app.register(outboundRoutes);
  await app.register(widgetRoutes);
  await app.register(seoRoutes);
}
