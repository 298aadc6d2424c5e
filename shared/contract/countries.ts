import * as z from 'zod/mini';

export const countrySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().check(z.length(2)),
  currency_code: z.string().check(z.length(3)),
  dial_code: z.string(),
  ai_analysis_available: z.boolean(),
  ai_analysis_message: z.nullable(z.string()),
});
export type Country = z.infer<typeof countrySchema>;

export const listCountriesResponse = z.object({ countries: z.array(countrySchema) });

/** Country detected from the viewer's IP (CloudFront-Viewer-Country); null when unknown. */
export const detectCountryResponse = z.object({ code: z.nullable(z.string().check(z.length(2))) });
