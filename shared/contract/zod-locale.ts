import * as z from 'zod';

/**
 * Zod's own messages in Spanish (wrong types, unknown fields...): the few issues our schemas do
 * not word themselves still reach users in their language. Imported once by the route table.
 */
z.config(z.locales.es());
z.config({
  customError: (issue) =>
    issue.code === 'unrecognized_keys' ? `Campo no permitido: ${issue.keys.join(', ')}` : undefined,
});
