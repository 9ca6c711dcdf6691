import { SignedInHomeSchema } from '../../../domain/home';
import { ErrorSchema, type Http } from '../../lib/http';
import { requireUser } from '../accounts/service';
import { getSignedInHome } from './service';

export async function homeRoutes(app: Http): Promise<void> {
  app.get(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        summary:
          "The signed-in home: the user's points, open claims and payouts, giveaways, new coupons, reviews",
        response: { 200: SignedInHomeSchema, 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => getSignedInHome(app.database.db, (await requireUser(app, request)).id),
  );
}
