// A few weeks of generated visitor traffic for the demo, so the analytics dashboards have figures
// on a fresh clone. Deterministic (seeded PRNG); dates count back from the seeding moment.
import type { Db } from '../client';
import { activityLogs, couponUses, pageViews } from '../schema';
import { createRandom } from './firm-generator';

export const DEMO_TRAFFIC_DAYS = 28;
/** Every generated session id starts so: a reset of the demo removes its traffic by it. */
export const DEMO_SESSION_PREFIX = 'demo-';
const DAY_MS = 86_400_000;
const CHUNK = 1000;

const SOURCES = [null, null, null, 'google', 'newsletter', 'x', 'reddit', 'youtube'] as const;
const CAMPAIGNS: Record<string, { medium: string; campaign: string } | undefined> = {
  newsletter: { medium: 'email', campaign: 'weekly-deals' },
  youtube: { medium: 'video', campaign: 'funded-challenge-review' },
  x: { medium: 'social', campaign: 'black-friday' },
};
const DEVICES = ['desktop', 'desktop', 'mobile', 'mobile', 'mobile', 'tablet'] as const;
const BROWSERS = ['Chrome', 'Chrome', 'Chrome', 'Safari', 'Safari', 'Firefox', 'Edge', 'Opera'] as const;
const PAGES = ['/', '/firms', '/challenges', '/coupons', '/blog', '/giveaways', '/compare', '/methodology'];
/** What crawlers fetch most: the directory, firm pages and the sitemap's other pages. */
const CRAWLED = ['/', '/firms', '/coupons', '/blog', '/challenges'];
const SEARCHES = [
  'ftmo',
  'apex',
  'topstep',
  'crypto',
  'futures',
  'instant funding',
  'the5ers',
  'no time limit',
];

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Page views (sessions of one to six pages, devices, browsers, UTM sources, load times), searches
 * (some finding nothing), filter changes, outbound clicks and coupon copies for the last four weeks,
 * and crawlers' page views (flagged as bots, as `isbot` flags them on ingestion) every day up to a
 * few minutes ago.
 */
export async function seedDemoTraffic(
  db: Db,
  options: { firms: { id: number; slug: string; name: string }[]; couponIds: number[]; now: Date },
): Promise<number> {
  const random = createRandom(20261125);
  const views: (typeof pageViews.$inferInsert)[] = [];
  const activity: (typeof activityLogs.$inferInsert)[] = [];
  const uses = new Map<string, typeof couponUses.$inferInsert>();
  const start = options.now.getTime() - DEMO_TRAFFIC_DAYS * DAY_MS;
  for (let day = 0; day < DEMO_TRAFFIC_DAYS; day++) {
    // Traffic grows over the weeks and dips at weekends.
    const weekday = new Date(start + day * DAY_MS).getUTCDay();
    const sessions = Math.round((40 + day * 2) * (weekday === 0 || weekday === 6 ? 0.7 : 1));
    for (let s = 0; s < sessions; s++) {
      const sessionId = `${DEMO_SESSION_PREFIX}${day}-${s}`;
      const source = random.pick(SOURCES);
      const campaign = source ? CAMPAIGNS[source] : undefined;
      const device = random.pick(DEVICES);
      const browser = random.pick(BROWSERS);
      let at = start + day * DAY_MS + random.int(0, DAY_MS - 3_600_000);
      const pages = random.int(1, 6);
      for (let p = 0; p < pages; p++) {
        const firm = random.chance(0.45) ? random.pick(options.firms) : null;
        const path = firm ? `/firm/${firm.slug}` : random.pick(PAGES);
        views.push({
          path,
          sessionId,
          device,
          browser,
          loadTime: random.chance(0.9)
            ? random.int(device === 'desktop' ? 350 : 600, device === 'desktop' ? 1600 : 3200)
            : null,
          utmSource: p === 0 ? source : null,
          utmMedium: p === 0 ? (campaign?.medium ?? null) : null,
          utmCampaign: p === 0 ? (campaign?.campaign ?? null) : null,
          createdAt: new Date(at),
        });
        if (firm && random.chance(0.18)) {
          activity.push({
            activityType: 'firm_click',
            sessionId,
            propFirmId: firm.id,
            createdAt: new Date(at + 20_000),
          });
        }
        if (path === '/firms' && random.chance(0.4)) {
          const query = random.pick(SEARCHES);
          const known = options.firms.find((f) => f.name.toLowerCase().includes(query.split(' ')[0]));
          activity.push({
            activityType: 'search',
            sessionId,
            metadata: { searchQuery: query, resultsCount: known ? 1 : 0, context: 'directory' },
            createdAt: new Date(at + 5_000),
          });
        }
        if ((path === '/firms' || path === '/challenges') && random.chance(0.3)) {
          activity.push({
            activityType: 'filter',
            sessionId,
            metadata: {
              filterType: 'assetClass',
              filterValue: random.pick(['futures', 'forex', 'crypto']),
              resultsCount: random.int(3, 20),
              context: path.slice(1),
            },
            createdAt: new Date(at + 8_000),
          });
        }
        if (path === '/coupons' && options.couponIds.length && random.chance(0.35)) {
          const couponId = random.pick(options.couponIds);
          const dayText = new Date(at).toISOString().slice(0, 10);
          uses.set(`${couponId}:${sessionId}:${dayText}`, {
            couponId,
            visitorKey: sessionId,
            day: dayText,
            createdAt: new Date(at + 10_000),
          });
        }
        at += random.int(20_000, 240_000);
      }
    }
  }
  // After the visitors, so their generated traffic stays the same as before crawlers were added.
  for (let day = 0; day < DEMO_TRAFFIC_DAYS; day++) {
    const crawls = random.int(4, 12);
    for (let c = 0; c < crawls; c++) {
      const firm = random.chance(0.5) ? random.pick(options.firms) : null;
      views.push({
        path: firm ? `/firm/${firm.slug}` : random.pick(CRAWLED),
        sessionId: `${DEMO_SESSION_PREFIX}bot-${day}-${c}`,
        device: 'desktop',
        browser: 'Chrome',
        loadTime: null,
        isBot: true,
        createdAt: new Date(start + day * DAY_MS + random.int(0, DAY_MS - 600_000)),
      });
    }
  }
  await insertChunked(views, (chunk) => db.insert(pageViews).values(chunk));
  await insertChunked(activity, (chunk) => db.insert(activityLogs).values(chunk));
  await insertChunked([...uses.values()], (chunk) => db.insert(couponUses).values(chunk));
  return views.length;
}
