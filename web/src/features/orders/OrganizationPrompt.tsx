import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PERSONAL_CONTEXT } from '../../../../shared/contract/work-context';
import { es } from '../../../../shared/messages.es';
import { Button, Modal } from '../../components/ui';
import { useSession } from '../../lib/session/session';
import { contextsQuery, contextValueOf, useContextSwitch } from '../../lib/useContextSwitch';

/** Accounts already asked since the app loaded: the question comes once, not on every visit. */
const asked = new Set<string>();

/**
 * customer-flows §2.9: a user with an active organisation membership, entering /mis-pedidos in
 * Personal, is asked whether to move to the organisation dashboard. With one organisation the
 * move also switches to it; with several the dashboard lets them choose.
 */
export function OrganizationPrompt() {
  const t = es.organizations;
  const navigate = useNavigate();
  const sub = useSession().user?.sub;
  const { current, switching, switchTo } = useContextSwitch();
  const contexts = useQuery({ ...contextsQuery, enabled: !!sub });
  const organizations = (contexts.data?.contexts ?? []).filter((c) => c.organization_id);
  const [dismissed, setDismissed] = useState(false);
  const due = !!sub && current === PERSONAL_CONTEXT && organizations.length > 0 && !asked.has(sub);
  const open = due && !dismissed;

  const close = () => {
    if (sub) asked.add(sub);
    setDismissed(true);
  };
  const go = async () => {
    const only = organizations.length === 1 ? organizations[0] : undefined;
    if (only && !(await switchTo(contextValueOf(only)))) return;
    close();
    navigate('/organization-dashboard');
  };

  return (
    <Modal open={open} onClose={close} title={t.ordersPromptTitle} size="sm">
      <p>{t.ordersPromptBody}</p>
      <div className="ui-form__actions">
        <Button variant="secondary" onClick={close}>
          {t.ordersPromptStay}
        </Button>
        <Button loading={switching} onClick={() => void go()}>
          {t.ordersPromptGo}
        </Button>
      </div>
    </Modal>
  );
}
