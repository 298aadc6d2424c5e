import * as z from 'zod/mini';
// The one locale we use, imported on its own: `z.locales.es` would bundle every locale.
import es from 'zod/v4/locales/es.js';

/**
 * Zod's own messages in Spanish (wrong types, unknown fields...): the few issues our schemas do
 * not word themselves still reach users in their language. Imported once by the route table.
 */
z.config(es());
z.config({
  customError: (issue) =>
    issue.code === 'unrecognized_keys' ? `Campo no permitido: ${issue.keys.join(', ')}` : undefined,
});
