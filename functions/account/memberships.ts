import { accountEs } from '../../shared/messages/account.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { activeMembers, ownersAmong } from '../organizations/member-access.js';
import {
  forgetMemberPerson,
  listUserMemberships,
  type MembershipRecord,
  removeMember,
  setOrganizationActive,
} from '../organizations/repo.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';

/**
 * An account's organisations when it is deleted (docs/privacy.md). Nobody leaves an
 * organisation without an owner: the only owner of an organisation that has other members must
 * name another owner first (the deletion is refused, saying which). An organisation whose only
 * member is the person is deactivated with them (its wallet stays, as a deactivated
 * organisation's does). Every other membership ends as leaving would, and every membership
 * keeps the pseudonym instead of the person's name and e-mail.
 */
async function soleOwnerWithOthers(ms: MembershipRecord): Promise<boolean> {
  if (ms.status !== 'active' || ms.role !== 'owner') return false;
  const members = await activeMembers(ms.organization_id);
  return ownersAmong(members).length <= 1 && members.length > 1;
}

/** Refuses the deletion while the account is the only owner of an organisation with others. */
export async function assertMayLeaveAll(sub: string): Promise<void> {
  const memberships = await listUserMemberships(sub);
  const blocking: string[] = [];
  for (const ms of memberships) {
    if (await soleOwnerWithOthers(ms)) blocking.push(ms.organization_name);
  }
  if (blocking.length) {
    throw new AppError(
      'BUSINESS_RULE',
      fmt(accountEs.soleOwnerOfOrganizations, { organizations: blocking.join(', ') }),
    );
  }
}

/** Ends every membership of a deleted account; idempotent (a retried deletion repeats it). */
export async function leaveAllOrganizations(sub: string, pseudonym: string, now: string) {
  for (const ms of await listUserMemberships(sub)) {
    if (ms.status === 'active') {
      if (await soleOwnerWithOthers(ms)) {
        // Became the only owner after the confirmation (another owner left meanwhile): the
        // organisation keeps its owner, under the pseudonym, rather than none.
        logger.warn('deleted account stays the only owner of an organisation', {
          organizationId: ms.organization_id,
        });
      } else {
        const alone = (await activeMembers(ms.organization_id)).length <= 1;
        if (alone) await setOrganizationActive(ms.organization_id, false);
        await removeMember(ms.organization_id, sub, now);
      }
    }
    await forgetMemberPerson(ms.organization_id, sub, pseudonym);
  }
}
