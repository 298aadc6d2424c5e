import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../local/setup.js';
import type { StackInfo } from '../../local/stack.js';
import { newConfirmedUser, type TestUser } from './client.js';
import { pointAt } from './table.js';

/**
 * An assignment onto a GIVEN notary, for tests that need it on theirs: the seeded demo notary
 * takes every notarial service country-wide, so the weighted choice of `assignNow`
 * (test/support/notary.ts) may give the order to it instead. This writes what the server's
 * assignment writes (functions/notary/assign.ts: `newAssignment`, `assignmentChange`, the
 * order's `assignment_id` and stage, the 'notary_assigned' event on its trail) in the same
 * audited transaction, with the notary forced and the assignment's time `at` (a past time
 * makes it overdue to take).
 */
export async function assignTo(
  stack: StackInfo,
  orderId: string,
  notaryOrgId: string,
  at: Date = new Date(),
): Promise<string> {
  pointAt(stack);
  const { getOrder, getOrderParts } = await import('../../functions/orders/repo.js');
  const { assignmentChange, newAssignment, waitsForNotary } = await import(
    '../../functions/notary/assign.js'
  );
  const { getNotarySettings } = await import('../../functions/notary/settings-repo.js');
  const { auditedWrite } = await import('../../functions/signing/trail/audited-write.js');

  const order = await getOrder(orderId);
  if (!waitsForNotary(order)) throw new Error(`order ${orderId} does not wait for a notary`);
  // sealedNotarialOrder rewrites the paid order's service code but not its lines (which name
  // the 'no notary' choice the API still sells): the name is the catalogue's for the code.
  const { notarialServices } = await import('../../functions/notary/service-names.js');
  const { lines } = await getOrderParts(order);
  const serviceName =
    (await notarialServices()).find((s) => s.code === order.notarial_code)?.name ??
    lines.find((l) => l.service_category === 'notarial_service')?.service_name ??
    '';
  const settings = await getNotarySettings(notaryOrgId);
  const a = newAssignment(
    order,
    { orgId: notaryOrgId, settings, outsideRegion: false },
    serviceName,
    [],
    at,
  );
  const nowIso = at.toISOString();
  const res = await auditedWrite(order.id, nowIso, (o) =>
    waitsForNotary(o) ? assignmentChange(a, false, nowIso) : undefined,
  );
  if (!res.ok) throw new Error(`assignment of ${orderId} failed at ${String(res.failed)}`);
  return a.id;
}

/**
 * A new user in the platform's `admin` group (a notary screen that shows admin-only links is
 * checked with it, without making the seeded demo admin a member of test organisations). The
 * group reaches the tokens at the next sign-in, as on the page's own login.
 */
export async function newPlatformAdmin(stack: StackInfo, firstName = 'Admin'): Promise<TestUser> {
  const user = await newConfirmedUser(stack, firstName);
  const client = cognitoClient(stack.endpoints.cognito);
  try {
    await client.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: stack.userPoolId,
        Username: user.email,
        GroupName: 'admin',
      }),
    );
  } finally {
    client.destroy();
  }
  return user;
}
