import type { Http } from '../../lib/http';
import { altersCatalog, createCatalogStore } from './catalog';
import { SAVED_SEARCH_ALERTS_JOB } from './jobs';
import { savedSearchRoutes } from './saved-search-routes';
import { ChallengeFiltersSchema, ChallengePageSchema, ChallengeQuerySchema } from './schemas';
import { listChallenges } from './service';

export async function challengesRoutes(app: Http): Promise<void> {
  // Change events arrive from this process and, with Redis, from every other one.
  const store = app.readModels.register(createCatalogStore(app.database.db));
  await savedSearchRoutes(app, store);
  // Alerts follow every change of the catalog, from this process or another (matching is safe
  // to run in both: alert-matching.ts); a firm's change compares only its options.
  // At start, a full comparison: the starting point of alerts on a new database, and the changes
  // made while this process was down. Not in tests, which run the job themselves.
  if (app.env.NODE_ENV !== 'test')
    app.addHook('onReady', async () => {
      app.jobs
        .run(SAVED_SEARCH_ALERTS_JOB, {})
        .catch((err: unknown) => app.log.error({ err }, 'saved-search alerts not started'));
    });
  app.changes.subscribe((events) => {
    const relevant = events.filter(altersCatalog);
    if (relevant.length === 0) return;
    const firmIds = relevant.map((e) =>
      e.type.startsWith('firm.') && typeof e.id === 'number'
        ? e.id
        : e.type.startsWith('payout.') && e.firmId !== undefined
          ? e.firmId
          : null,
    );
    const payload = firmIds.every((id) => id !== null) ? { firmIds: [...new Set(firmIds)] } : {};
    // Once the read models have the change: on PGlite the run's transaction would hold their
    // re-reads back, and visitors would see the change later (decision 0063).
    app.readModels
      .settled()
      .then(() => app.jobs.run(SAVED_SEARCH_ALERTS_JOB, payload))
      .catch((err: unknown) => app.log.error({ err }, 'saved-search alerts not started'));
  });

  app.get(
    '/api/challenges',
    {
      schema: {
        operationId: 'listChallenges',
        tags: ['challenges'],
        summary: 'Every account option of listed firms, filtered, sorted and paged, with its true cost',
        description:
          'One row per account option (firm x funding model x account size). Repeated values of one filter mean any of them; different filters combine with AND. A malformed or unknown parameter is a 400 naming it. True cost: see /methodology.',
        querystring: ChallengeQuerySchema,
        response: { 200: ChallengePageSchema },
      },
      config: { cacheTags: ['firms', 'coupons'] },
    },
    async (request) => store.read((catalog) => listChallenges(catalog, request.query)),
  );

  app.get(
    '/api/challenges/filters',
    {
      schema: {
        operationId: 'listChallengeFilters',
        tags: ['challenges'],
        summary: "The choices of /challenges' platform and country filters",
        response: { 200: ChallengeFiltersSchema },
      },
      config: { cacheTags: ['firms', 'coupons'] },
    },
    async () => store.read((catalog) => catalog.filters),
  );
}
