import { z } from 'zod';

/** Schemas shared by several feature folders of the gateway. */
export const idResponse = z.object({ id: z.string() });
export const timestamps = {
  id: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};
export const idParam = (name: string) => z.object({ [name]: z.string().min(1).max(128) });

export const audienceValue = z.enum(['general', 'admin']);
export const scopesSchema = z
  .array(z.array(z.string().min(1).max(64)).min(2, 'A scope is [resource, action, …]').max(16))
  .max(64)
  .meta({
    description: 'Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all',
  });

export const passwordSchema = z.string().min(12, 'At least 12 characters').max(256);

export const clientSchema = z.object({
  ...timestamps,
  name: z.string(),
  email: z.string(),
  audience: z.array(audienceValue),
});
