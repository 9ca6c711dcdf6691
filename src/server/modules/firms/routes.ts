import {
  AccountCountListSchema,
  AccountWithDetailsListSchema,
  FeaturedFirmSchema,
  FirmDetailsSchema,
  FirmResourceListSchema,
  FirmSlugParamsSchema,
  HeroStatsSchema,
  SearchQuerySchema,
  SearchResultListSchema,
  UnlistedFirmListSchema,
} from '../../../domain/firms';
import { RULE_CHANGES_LIMIT, RuleChangeListSchema } from '../../../domain/rule-changes';
import { ErrorSchema, type Http } from '../../lib/http';
import { ONE_FIRM, tagFirmAnswer } from '../../lib/response-cache-plugin';
import { createDirectoryModel, listDirectory } from './directory-model';
import { createFirmPages, firmDetailsOf, firmPageOf } from './firm-pages';
import { ruleChangeFeedXml } from './rule-change-feed';
import { DirectoryPageSchema, DirectoryQuerySchema, DirectoryStatsSchema } from './schemas';
import { createSearchIndex, searchIndex } from './search-index';
import {
  getFeaturedFirm,
  getHeroStats,
  listAccountCounts,
  listAccountsWithDetails,
  listUnlistedFirms,
} from './service';

const tags = ['firms'];
const firmsCache = { cacheTags: ['firms'] };
/** A listed firm's own answers: dropped by its changes, not by other firms' (decision 0065). */
const oneFirmCache = { cacheTags: [ONE_FIRM] };

export async function firmsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const search = app.readModels.register(createSearchIndex(db));
  const directory = app.readModels.register(createDirectoryModel(db));
  const firmPages = app.readModels.register(createFirmPages(db));

  app.get(
    '/api/firms',
    {
      schema: {
        operationId: 'listFirms',
        tags,
        summary: 'One page of the directory: listed firms filtered, sorted and paged on the server',
        description:
          'Compact cards (counts and best live coupon instead of full lists). Filters, sorts and page size are documented per parameter; an unknown value is a 400 naming the parameter. A page past the end has no firms and the real total.',
        querystring: DirectoryQuerySchema,
        response: { 200: DirectoryPageSchema },
      },
      config: { cacheTags: ['firms', 'coupons', 'reviews'] },
    },
    async (request) =>
      directory.read((m) => listDirectory(m, { ...request.query, sort: request.query.sort ?? null })),
  );

  app.get(
    '/api/firms/stats',
    {
      schema: {
        operationId: 'getDirectoryStats',
        tags,
        summary: 'The /firms statistic tiles, over every listed firm whatever the filters',
        response: { 200: DirectoryStatsSchema },
      },
      config: { cacheTags: ['firms', 'coupons'] },
    },
    async () => directory.read((m) => m.stats),
  );

  app.get(
    '/api/unlisted-firms',
    {
      schema: {
        operationId: 'listUnlistedFirms',
        tags,
        summary: 'Firms not yet listed: pending first, then sortOrder, then name',
        response: { 200: UnlistedFirmListSchema },
      },
      config: firmsCache,
    },
    () => listUnlistedFirms(db),
  );

  app.get(
    '/api/firms/account-counts',
    {
      schema: {
        operationId: 'listAccountCounts',
        summary: 'How many account options each listed firm has',
        tags,
        response: { 200: AccountCountListSchema },
      },
      config: firmsCache,
    },
    () => listAccountCounts(db),
  );

  app.get(
    '/api/accounts-with-details',
    {
      schema: {
        operationId: 'listAccountsWithDetails',
        summary: 'Account options of listed firms with their prices',
        tags,
        response: { 200: AccountWithDetailsListSchema },
      },
      config: firmsCache,
    },
    () => listAccountsWithDetails(db),
  );

  app.get(
    '/api/hero-stats',
    {
      schema: {
        operationId: 'getHeroStats',
        summary: 'The home page figures: listed firms, active coupons, account options, traders',
        tags,
        response: { 200: HeroStatsSchema },
      },
      config: { cacheTags: ['firms', 'coupons', 'users', 'newsletter'] },
    },
    () => getHeroStats(db),
  );

  app.get(
    '/api/featured-firm',
    {
      schema: {
        operationId: 'getFeaturedFirm',
        summary: 'The id of the firm featured on the home page, or null',
        tags,
        response: { 200: FeaturedFirmSchema },
      },
      config: firmsCache,
    },
    () => getFeaturedFirm(db),
  );

  app.get(
    '/api/search/firms',
    {
      schema: {
        operationId: 'searchFirms',
        tags,
        summary: 'Fuzzy firm search by name: best match first, at most 10',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultListSchema },
      },
      config: firmsCache,
    },
    async (request) => search.read((m) => searchIndex(m, request.query.q)),
  );

  app.get(
    '/api/firms/:slug/details',
    {
      schema: {
        operationId: 'getFirmDetails',
        summary: "A listed firm's page data: everything shown about the firm",
        tags,
        params: FirmSlugParamsSchema,
        response: { 404: ErrorSchema, 200: FirmDetailsSchema },
      },
      config: { cacheTags: [ONE_FIRM, 'coupons'] },
    },
    async (request) => {
      const details = await firmPages.read((m) => firmDetailsOf(m, request.params.slug));
      tagFirmAnswer(request, details.id);
      return details;
    },
  );

  app.get(
    '/api/firms/:slug/platforms',
    {
      schema: {
        operationId: 'listFirmPlatforms',
        summary: "A listed firm's trading platforms",
        tags,
        params: FirmSlugParamsSchema,
        response: { 404: ErrorSchema, 200: FirmResourceListSchema },
      },
      config: oneFirmCache,
    },
    async (request) => {
      const page = await firmPages.read((m) => firmPageOf(m, request.params.slug));
      tagFirmAnswer(request, page.details.id);
      return page.platforms;
    },
  );

  app.get(
    '/api/firms/:slug/payout-methods',
    {
      schema: {
        operationId: 'listFirmPayoutMethods',
        summary: "A listed firm's payout methods",
        tags,
        params: FirmSlugParamsSchema,
        response: { 404: ErrorSchema, 200: FirmResourceListSchema },
      },
      config: oneFirmCache,
    },
    async (request) => {
      const page = await firmPages.read((m) => firmPageOf(m, request.params.slug));
      tagFirmAnswer(request, page.details.id);
      return page.payoutMethods;
    },
  );

  app.get(
    '/api/firms/:slug/rule-changes',
    {
      schema: {
        operationId: 'listRuleChanges',
        tags,
        summary: `A listed firm's changes to funding rules, prices and account sizes, newest first (at most ${RULE_CHANGES_LIMIT})`,
        params: FirmSlugParamsSchema,
        response: { 404: ErrorSchema, 200: RuleChangeListSchema },
      },
      config: oneFirmCache,
    },
    async (request) => {
      const page = await firmPages.read((m) => firmPageOf(m, request.params.slug));
      tagFirmAnswer(request, page.details.id);
      return page.ruleChanges;
    },
  );

  app.get(
    '/firm/:slug/rule-changes.xml',
    { schema: { hide: true, params: FirmSlugParamsSchema }, config: oneFirmCache },
    async (request, reply) => {
      const page = await firmPages.read((m) => firmPageOf(m, request.params.slug));
      tagFirmAnswer(request, page.details.id);
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(ruleChangeFeedXml(page.details, page.ruleChanges, app.env.PUBLIC_URL.replace(/\/$/, '')));
    },
  );
}
