import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial) column: every row id of the site fits in it. */
export const MAX_ROW_ID = 2_147_483_647;

const tooLarge = { error: `must be at most ${MAX_ROW_ID}` };

/** A row id in a JSON body. Larger numbers are refused here, not by the database (a 500). */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID, tooLarge);

/** A row id in a path or query string. */
export const rowIdParam = (options?: Parameters<typeof z.coerce.number>[0]) =>
  z.coerce.number(options).int().positive().max(MAX_ROW_ID, tooLarge);

/** The params of every route addressed by a row id (`/…/:id`). */
export const IdParamsSchema = z.object({ id: rowIdParam({ error: 'id must be a number' }) });
