import { IdParamsSchema } from '../../../domain/ids';
import { PriceHistorySchema } from '../../../domain/saved-searches';
import { ErrorSchema, type Http } from '../../lib/http';
import { couponPricesJob } from './jobs';
import { getPriceHistory } from './service';

/** Account options' price history: recorded by the saves that change prices, read by the Funding tab's chart. */
export async function priceHistoryRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  app.jobs.register(couponPricesJob(app.changes));

  app.get(
    '/api/accounts/:id/price-history',
    {
      schema: {
        operationId: 'getAccountPriceHistory',
        tags: ['firms'],
        summary:
          "An account option's list price and price after coupon over the last 12 months, oldest first",
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: PriceHistorySchema },
      },
      config: { cacheTags: ['firms', 'coupons'] },
    },
    (request) => getPriceHistory(db, request.params.id),
  );
}
