import { z } from 'zod';
import { opaqueText } from '../common/text.ts';

export const catalogIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
