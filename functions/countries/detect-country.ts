import * as routes from '../../shared/contract/routes/countries.js';
import { httpRoute } from '../platform/http.js';

/** CloudFront adds CloudFront-Viewer-Country from the viewer's IP; the local gateway a fallback. */
export const handler = httpRoute(routes.detectCountry, async ({ headers }) => {
  const raw = headers['cloudfront-viewer-country']?.trim().toUpperCase() ?? '';
  return { code: /^[A-Z]{2}$/.test(raw) ? raw : null };
});
