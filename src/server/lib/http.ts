import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance modules register their routes on, typed by the zod provider. */
export type Http = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The body of every error answer (`AppError.toBody`, lib/error-handler.ts), for route response schemas. */
export const ErrorSchema = z
  .object({ message: z.string(), code: z.string() })
  .meta({ id: 'Error', description: 'An error: a message for people, a code for programs.' });
