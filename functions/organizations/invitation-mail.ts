import { fmt } from '../../shared/messages/fmt.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';

/**
 * The invitation mail: who invites, to which organisation and with which role, and the link
 * `{APP_URL}/invitacion?token=…`. It is written with `marker` where the token goes: the outbox
 * mints the token when it sends (invitation-outbox.ts), so no item ever holds it.
 */
export function invitationMail(p: {
  to: string;
  inviter: string | undefined;
  organization: string;
  role: OrganizationRole;
  marker: string;
}): Mail {
  const base = required('APP_URL').replace(/\/+$/, '');
  const values = {
    inviter: p.inviter || m.inviteMailSomeone,
    organization: p.organization,
    role: m.roles[p.role].toLowerCase(),
  };
  return {
    to: p.to,
    // A name typed with line breaks never splits the subject.
    subject: fmt(m.inviteMailSubject, values).replace(/\s+/g, ' ').trim(),
    ...layout({
      greeting: m.inviteMailGreeting,
      body: fmt(m.inviteMailBody, values),
      action: m.inviteMailAction,
      url: `${base}/invitacion?token=${p.marker}`,
      note: m.inviteMailNote,
    }),
  };
}
