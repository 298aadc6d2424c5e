import { linkTokenHash, mintLinkToken } from '../mail/link-tokens.js';
import type { OutboxAfter } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';
import { getPendingInvitation, type PendingInvitationRecord, putInvitationToken } from './repo.js';

type InvitationAfter = Extract<OutboxAfter, { kind: 'invitation' }>;

/** Why an invitation's mail must not go any more, or undefined (and the invitation). */
async function current(
  after: InvitationAfter,
  now: Date,
): Promise<{ skip: string } | { invitation: PendingInvitationRecord }> {
  const invitation = await getPendingInvitation(after.organization_id, after.email);
  // Gone: accepted (impossible before its mail) or the organisation's items were cleared.
  if (!invitation) return { skip: 'invitation_gone' };
  if (invitation.invite_id !== after.invite_id) return { skip: 'invitation_replaced' };
  if (!(Date.parse(invitation.expires_at) > now.getTime())) return { skip: 'invitation_expired' };
  return { invitation };
}

/**
 * An invitation's mail (invite-member.ts), as the outbox sends it: only while it is still the
 * address's pending invitation (a replaced one is never sent, its link would be refused). The
 * token is minted here from the invitation's id, and the link's lookup item
 * `INVITE#{sha256(token)}` written before the mail goes, so the link works when it arrives and
 * no item ever holds the token.
 */
export const invitationAfterSent: AfterSent<InvitationAfter> = {
  async skipReason(after) {
    const state = await current(after, new Date());
    return 'skip' in state ? state.skip : undefined;
  },
  async mint(after, now) {
    const state = await current(after, now);
    if ('skip' in state) return state;
    // One version: an invitation is never reissued; inviting again makes a new one.
    const token = await mintLinkToken('invitation', after.invite_id, 1);
    await putInvitationToken(linkTokenHash(token), state.invitation);
    return { token };
  },
  writes: () => [],
};
