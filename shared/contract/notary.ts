import * as z from 'zod/mini';
import { notaryEs as m } from '../messages/notary.es.js';
import { ASSIGNMENT_GROUPS, ASSIGNMENT_STATUSES, NOTARY_LIMITS } from '../rules/assignment.js';
import { REGION_CODES } from '../rules/regions.js';
import { notarizeFields, rejectFields } from './notarized.js';
import { orderSchema } from './orders.js';
import { organizationSchema } from './organizations.js';
import { orderActivityResponse } from './signing.js';

/**
 * The notary side (credits-signing-admin §2 screen 16, §3 assignment, §4, §7 notary action;
 * design: docs/drafts/notarial-design.md §3–§6): a notary's settings (the admin's
 * /admin/notary/{id}/settings), its assignments queue and the actions on them.
 */

const int = (min: number, max: number, error: string) =>
  z.int({ error }).check(z.gte(min, { error }), z.lte(max, { error }));

/** What the admin sets for a notary organisation; the assignment reads it. */
export const notarySettingsFields = {
  /** Codes of the catalogue's notarial services this notary takes. */
  services_offered: z
    .array(z.string().check(z.regex(/^[a-z0-9_]{1,40}$/, { error: m.serviceUnknown })), {
      error: m.serviceUnknown,
    })
    .check(z.maxLength(NOTARY_LIMITS.services, { error: m.serviceUnknown })),
  /** Region codes (shared/rules/regions.ts) it covers; empty = the whole country. */
  regions: z
    .array(z.enum(REGION_CODES as [string, ...string[]], { error: m.regionUnknown }), {
      error: m.regionUnknown,
    })
    .check(z.maxLength(REGION_CODES.length, { error: m.regionUnknown })),
  assignment_weight: int(NOTARY_LIMITS.weight.min, NOTARY_LIMITS.weight.max, m.weightInvalid),
  take_minutes: int(NOTARY_LIMITS.takeMinutes.min, NOTARY_LIMITS.takeMinutes.max, m.takeInvalid),
  process_minutes: int(
    NOTARY_LIMITS.processMinutes.min,
    NOTARY_LIMITS.processMinutes.max,
    m.processInvalid,
  ),
  max_open: int(NOTARY_LIMITS.maxOpen.min, NOTARY_LIMITS.maxOpen.max, m.maxOpenInvalid),
  active: z.boolean({ error: m.activeInvalid }),
};

export const notarySettingsSchema = z.object({
  ...notarySettingsFields,
  /** Assignments open now (assigned, taken, in review): the load the assignment weighs. */
  open_assignments: z.int(),
  updated_at: z.nullable(z.string()),
});
export type NotarySettings = z.infer<typeof notarySettingsSchema>;

export const putNotarySettingsRequest = z.strictObject({
  ...notarySettingsFields,
  /**
   * The `updated_at` of the settings the form was loaded with (null: never saved). When sent and
   * the stored settings have moved on (another admin saved meanwhile), the save is refused with
   * 409 instead of overwriting what the admin never saw.
   */
  expected_updated_at: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type PutNotarySettingsRequest = z.infer<typeof putNotarySettingsRequest>;

/** The settings with what the form offers: the catalogue's notarial services and the regions. */
export const notarySettingsResponse = z.object({
  organization: organizationSchema,
  settings: notarySettingsSchema,
  services: z.array(z.object({ code: z.string(), name: z.string() })),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type NotarySettingsResponse = z.infer<typeof notarySettingsResponse>;

export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export const assignmentGroupSchema = z.enum(
  ASSIGNMENT_GROUPS as ['pending', 'processing', 'completed'],
);

/** §3 assignment (detailed view), with the service ordered and the thresholds' due times. */
export const assignmentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  notary_id: z.string(),
  status: assignmentStatusSchema,
  service_code: z.string(),
  service_name: z.string(),
  assigned_at: z.string(),
  taken_at: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  take_due: z.string(),
  process_due: z.nullable(z.string()),
  is_overdue_to_take: z.boolean(),
  is_overdue_to_process: z.boolean(),
  time_to_take_minutes: z.nullable(z.int()),
  time_to_process_minutes: z.nullable(z.int()),
  message_count: z.int(),
  /** The customer's chat messages the notary has not read yet (its card's badge). */
  unread_count: z.int(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const listAssignmentsQuery = z.object({
  group: z._default(assignmentGroupSchema, 'pending'),
  cursor: z.optional(z.string().check(z.maxLength(512))),
});

/** The dashboard's counters: Total Asignados, Pendientes, En Proceso, Completados, Atrasados. */
export const assignmentCountersSchema = z.object({
  total: z.int(),
  pending: z.int(),
  processing: z.int(),
  completed: z.int(),
  overdue: z.int(),
});

export const listAssignmentsResponse = z.object({
  assignments: z.array(assignmentSchema),
  next_cursor: z.nullable(z.string()),
  counters: assignmentCountersSchema,
});
export type ListAssignmentsResponse = z.infer<typeof listAssignmentsResponse>;

/** The metrics tab (§2 screen 16) of the notary the context names. */
export const notaryMetricsResponse = z.object({
  organization: organizationSchema,
  total_received: z.int(),
  total_processed: z.int(),
  average_minutes: z.nullable(z.int()),
  success_rate: z.int(),
  settings: notarySettingsSchema,
  services: z.array(z.object({ code: z.string(), name: z.string() })),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type NotaryMetricsResponse = z.infer<typeof notaryMetricsResponse>;

/**
 * §7 notary action. The spec's body also names notary_id and user_id: here they come from the
 * work context and the token, never from the body.
 */
export const notaryActionRequest = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('take_document'),
    assignment_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.notFound })),
  }),
  z.strictObject({
    action: z.literal('start_review'),
    assignment_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.notFound })),
  }),
  /** The decision 'approve': the notary found the signed document in order; the order ends. */
  z.strictObject({
    action: z.literal('approve'),
    assignment_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.notFound })),
  }),
  /**
   * The decision 'notarize': the notary delivers the notarized PDF it uploaded and checked
   * (upload_id) with the act's data; the customer receives it and the order ends.
   */
  z.strictObject({
    action: z.literal('notarize'),
    assignment_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.notFound })),
    ...notarizeFields,
  }),
  /**
   * The decision 'reject': the notary cannot do the notarial service; the customer is told
   * with the reason and gets the notarial part of the price back (card or credits, once).
   */
  z.strictObject({
    action: z.literal('reject'),
    assignment_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.notFound })),
    ...rejectFields,
  }),
]);
export type NotaryActionRequest = z.infer<typeof notaryActionRequest>;

export const assignmentResponse = z.object({ assignment: assignmentSchema });

/**
 * The document page (/notary-document/{id}): the assignment, the order as its customer sees it
 * (document, sealed file and its links, service, signers) and its audit trail.
 */
export const notaryAssignmentDetail = z.object({
  assignment: assignmentSchema,
  order: orderSchema,
  activity: orderActivityResponse,
});
export type NotaryAssignmentDetail = z.infer<typeof notaryAssignmentDetail>;
