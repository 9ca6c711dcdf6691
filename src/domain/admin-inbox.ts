import { z } from 'zod';

/** The contact inbox: a message is new until an admin answers it or closes it. */
export const MESSAGE_STATUSES = ['new', 'answered', 'closed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const INBOX_PAGE_SIZE = 20;

export const InboxQuerySchema = z.object({
  status: z.enum([...MESSAGE_STATUSES, 'all']).default('new'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const InboxReplySchema = z.object({
  id: z.number(),
  adminEmail: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const InboxMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  replies: z.array(InboxReplySchema),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxPageSchema = z.object({
  messages: z.array(InboxMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Messages in each status, for the filter's labels. */
  counts: z.record(z.enum(MESSAGE_STATUSES), z.number()),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const ReplyPayloadSchema = z.object({
  body: z
    .string()
    .trim()
    .min(2, 'Write the reply (2 characters or more)')
    .max(5000, 'A reply is at most 5,000 characters'),
});
export type ReplyPayload = z.infer<typeof ReplyPayloadSchema>;

export const MessageStatusPayloadSchema = z.object({ status: z.enum(MESSAGE_STATUSES) });
