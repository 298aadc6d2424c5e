import * as z from 'zod/mini';
import { accountEs } from '../messages/account.es.js';

/** Version of the export's shape: a reader of an old download knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'sello-account-export/1';

const records = z.array(z.record(z.string(), z.unknown()));

/**
 * 'Descargar mis datos': everything the account holds, as stored (keys and internal fields
 * dropped). Orders carry their lines, signers and audit trail; credits the whole ledger.
 */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exported_at: z.string(),
  account: z.object({ id: z.string(), email: z.string() }),
  profile: z.nullable(z.record(z.string(), z.unknown())),
  contact: z.nullable(z.record(z.string(), z.unknown())),
  saved_signers: records,
  documents: records,
  requests: records,
  orders: z.array(
    z.object({
      order: z.record(z.string(), z.unknown()),
      lines: records,
      signers: records,
      trail: records,
    }),
  ),
  credits: z.object({
    wallet: z.nullable(z.record(z.string(), z.unknown())),
    transactions: records,
  }),
  subscriptions: records,
  /** The organisations the person belongs or belonged to: role, status, when they joined. */
  memberships: records,
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** 'Eliminar mi cuenta' is confirmed with the current password, as a careful product asks. */
export const deleteAccountRequest = z.strictObject({
  password: z.string().check(z.minLength(1, { error: accountEs.passwordRequired })),
});

export const deleteAccountResponse = z.object({
  deleted: z.literal(true),
  /** Orders whose evidence is kept (sealed, signed or paid), now under the pseudonym. */
  kept_orders: z.number(),
});
