import { AccountDeletionSchema, DeleteUserPayloadSchema } from '../../../domain/account-deletion';
import { DeleteAccountPayloadSchema } from '../../../domain/accounts';
import { UserIdParamsSchema } from '../../../domain/admin-users';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { Http } from '../../lib/http';
import { describedError } from '../../lib/openapi';
import { byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { callAuth } from './auth';
import { type DeletionDeps, deleteAccount } from './deletion';
import { checkPassword, limitPasswordTries } from './recent-sign-in';
import { toFetchHeaders } from './service';

/**
 * Deleting an account (decision 0070): the member's own, confirmed with the password, in front of
 * Better Auth's delete-user (which would cascade through the database); an admin's, with a reason
 * for the audit log. Both call `deleteAccount`.
 */
export function registerDeletionRoutes(app: Http): void {
  const deps = (): DeletionDeps => ({
    db: app.database.db,
    changes: app.changes,
    storage: app.storage,
    log: app.log,
  });

  app.post(
    '/api/auth/delete-user',
    {
      schema: {
        operationId: 'deleteAccount',
        summary:
          "Delete the signed-in user's account at once, confirmed with their password; the session ends",
        tags: ['accounts'],
        body: DeleteAccountPayloadSchema,
        response: {
          200: AccountDeletionSchema,
          400: describedError('The password is wrong (nothing was deleted), or the body is not valid.'),
          409: describedError('The last admin cannot delete their account.'),
        },
      },
      preHandler: limitPasswordTries(app, 'delete-user'),
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      // The password in every case, however recent the sign-in; nothing is changed when it is wrong.
      await callAuth(async () => checkPassword(await app.auth.$context, user.id, request.body.password));
      const result = await deleteAccount(deps(), user.id, { by: 'self' });
      // The session is gone with the account; signing out clears its cookie in the browser.
      const res = await callAuth(() =>
        app.auth.api.signOut({ headers: toFetchHeaders(request), asResponse: true }),
      );
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return result;
    },
  );

  // Better Auth's confirmation link for a deletion by email: not offered, and it would cascade.
  app.all('/api/auth/delete-user/*', { schema: { hide: true } }, async () => {
    throw new AppError(404, 'not_found', 'Not found.');
  });

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        operationId: 'deleteUser',
        summary:
          "Delete a user's account with a reason kept in the audit log; admins (revoke first) and yourself: 409",
        tags: ['admin'],
        params: UserIdParamsSchema,
        body: DeleteUserPayloadSchema,
        response: {
          200: AccountDeletionSchema,
          404: describedError('No such user.'),
          409: describedError('The account is yours, an admin, or already deleted.'),
        },
      },
      preHandler: rateLimit(app, [byUser('delete-user-admin', 30, 15 * MINUTE)]),
    },
    async (request) => {
      const admin = sessionUser(request);
      return deleteAccount(deps(), request.params.id, {
        by: { id: admin.id, email: admin.email },
        reason: request.body.reason,
      });
    },
  );
}
