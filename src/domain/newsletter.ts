import { z } from 'zod';

/** Lenient on purpose: the server answers a malformed address with 422, as the client expects. */
export const SubscribePayloadSchema = z.object({
  email: z.string().max(320),
  source: z.string().trim().max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
});
export type SubscribePayload = z.infer<typeof SubscribePayloadSchema>;

export const ValidEmailSchema = z.email();

export const SubscribeResultSchema = z.object({
  message: z.string(),
  status: z.enum(['pending', 'confirmed']),
});
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

export const TokenQuerySchema = z.object({ token: z.string().min(1).max(500) });
