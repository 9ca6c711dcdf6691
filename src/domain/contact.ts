import { z } from 'zod';

export const CONTACT_TOPICS = [
  'General question',
  'Firm listing',
  'Coupon or deal',
  'Partnership',
  'Report a problem',
] as const;
export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 5000;

export const ContactPayloadSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(100),
  email: z.email('Please enter a valid email address.').max(320),
  topic: z.enum(CONTACT_TOPICS),
  message: z
    .string()
    .trim()
    .min(MESSAGE_MIN, `The message must be at least ${MESSAGE_MIN} characters.`)
    .max(MESSAGE_MAX, `The message must be at most ${MESSAGE_MAX} characters.`),
});
export type ContactPayload = z.infer<typeof ContactPayloadSchema>;

export const ContactResultSchema = z.object({ message: z.string() });
