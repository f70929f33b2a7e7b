import { z } from 'zod';
import type { ContentImage } from './content-images';

/** The console's schema of a content picture (the rules and the type are in content-images.ts). */
export const imageVariantSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const contentImageSchema: z.ZodType<ContentImage> = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
});
