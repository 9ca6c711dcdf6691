import { z } from 'zod';

/** A firm the signed-in user represents (`CurrentUser.representativeOf`, after an approved claim). */
export const RepresentedFirmSchema = z.object({
  firmId: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type RepresentedFirm = z.infer<typeof RepresentedFirmSchema>;
