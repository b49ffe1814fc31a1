// Reply schemas used by several routes.
import { z } from 'zod';
import { messageReply, userSchema } from '../../src/entities/account';

export const errorReplies = {
  401: messageReply,
  403: messageReply,
  404: messageReply,
  419: messageReply,
  422: messageReply.extend({ errors: z.record(z.string(), z.array(z.string())) }),
  423: messageReply,
  429: messageReply,
} as const;

export const userReply = z.object({ data: userSchema });
export const ok = (data: z.ZodType) => ({ 200: data, ...errorReplies });
export const created = (data: z.ZodType) => ({ 201: data, ...errorReplies });
export const noContent = { 204: z.null(), ...errorReplies };
export { messageReply };
