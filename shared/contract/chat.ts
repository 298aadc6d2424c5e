import * as z from 'zod/mini';
import { chatEs as m } from '../messages/chat.es.js';
import { idempotencyKeyField } from './credits.js';

/**
 * The chat between the assigned notary and the customer about one order (issue 22; design:
 * docs/drafts/notarial-design.md §6). Plain text; each side reads the whole thread (an order's
 * chat is short: at most CHAT_LIMITS.messages).
 */
export const CHAT_LIMITS = { body: 2000, messages: 200 } as const;

export const chatMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'notary']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadResponse = z.object({
  messages: z.array(chatMessageSchema),
  /** Whether this side may write now (an open assignment; the notary once it took it). */
  can_write: z.boolean(),
  /** Why not, in Spanish, when it may not. */
  closed_reason: z.nullable(z.string()),
});
export type ChatThreadResponse = z.infer<typeof chatThreadResponse>;

export const postChatMessageRequest = z.strictObject({
  body: z
    .string({ error: m.bodyRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: m.bodyRequired }),
      z.maxLength(CHAT_LIMITS.body, { error: m.bodyTooLong }),
    ),
  idempotency_key: idempotencyKeyField,
});
export type PostChatMessageRequest = z.infer<typeof postChatMessageRequest>;

export const chatMessageResponse = z.object({ message: chatMessageSchema });
