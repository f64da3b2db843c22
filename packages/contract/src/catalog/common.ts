import { z } from 'zod';

export const catalogIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
