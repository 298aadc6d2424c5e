import { notaryEs } from '../../shared/messages/notary.es.js';
import { getOrder, type OrderRecord } from '../orders/repo.js';
import { notFound } from '../platform/errors.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One of the notary's own assignments and its order, for the routes that read it by id (the
 * document page, the chat): an unknown id, another notary's or one reassigned away from it is
 * the same 404, so an id reveals nothing.
 */
export async function ownAssignmentWithOrder(
  orgId: string,
  id: string | undefined,
): Promise<{ a: AssignmentRecord; order: OrderRecord }> {
  const a = id && ID.test(id) ? await getAssignment(id) : undefined;
  if (!a || a.notary_org_id !== orgId || a.status === 'reassigned') {
    throw notFound(notaryEs.notFound);
  }
  const order = await getOrder(a.order_id);
  if (!order) throw notFound(notaryEs.notFound);
  return { a, order };
}
