import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Alert, Button, Card, Modal, PasswordField } from '../../components/ui';
import { apiErrorDetail } from '../../lib/apiErrorDetail';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { useSession } from '../../lib/session/session';
import { deleteMyAccount, downloadMyData } from './accountData';
import { type Flash, useFlash } from './useFlash';

const t = es.account;

/** /settings: the account's personal data (Ley 21.719): download it, or delete the account. */
export function AccountDataCard() {
  const titleId = useId();
  const { flash, show } = useFlash();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadMyData();
      show('success', t.exportDone);
    } catch (err) {
      show('error', t.exportError + (apiErrorDetail(err) ?? es.auth.unexpected));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="settings-card account-data">
      <h2 id={titleId} className="ui-card__title">
        {t.title}
      </h2>
      <p className="account-data__intro">{t.intro}</p>
      <div className="account-data__action">
        <div>
          <h3 className="account-data__heading">{t.exportTitle}</h3>
          <p className="account-data__text">{t.exportBody}</p>
        </div>
        <Button
          variant="secondary"
          loading={exporting}
          loadingLabel={t.exporting}
          onClick={() => void onExport()}
        >
          {t.exportButton}
        </Button>
      </div>
      <div className="account-data__action">
        <div>
          <h3 className="account-data__heading">{t.deleteTitle}</h3>
          <p className="account-data__text">{t.deleteBody}</p>
        </div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t.deleteButton}
        </Button>
      </div>
      <FlashMessage flash={flash} />
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
    </Card>
  );
}

function FlashMessage({ flash }: { flash: Flash | null }) {
  return flash ? (
    <div className="settings-flash">
      <Alert tone={flash.tone}>{flash.text}</Alert>
    </div>
  ) : null;
}

/** Says what is deleted and what is kept and why, and asks for the password. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setPassword('');
    setFieldError(undefined);
    setError(undefined);
    onClose();
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setError(undefined);
    if (!password) {
      setFieldError(t.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await deleteMyAccount(password);
    } catch (err) {
      const { fields, other } = splitFieldErrors(err, ['password'] as const);
      if (fields.password) setFieldError(fields.password);
      else
        setError(t.deleteError + [apiErrorDetail(err) ?? es.auth.unexpected, ...other].join(' '));
      setBusy(false);
      return;
    }
    // The account is gone: leave the signed-in page first (so its guard does not ask to sign
    // in), then end the local session and land on the home page (not the maintenance gate).
    await navigate('/', { flushSync: true });
    await signOut({ keepAppOpen: true }).catch(() => undefined);
    toast.success(t.deletedToast);
  };

  return (
    <Modal open={open} onClose={close} title={t.dialogTitle} closeOnBackdrop={!busy}>
      <form className="ui-form account-delete" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="account-delete__label">{t.dialogDeleted}</p>
        <ul className="account-delete__list">
          {t.deletedItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="account-delete__label">{t.dialogKept}</p>
        <ul className="account-delete__list">
          {t.keptItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="account-delete__note">{t.dialogUnused}</p>
        <PasswordField
          label={t.passwordLabel}
          hint={t.passwordHint}
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="account-delete__actions">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {es.common.cancel}
          </Button>
          <Button type="submit" variant="danger" loading={busy} loadingLabel={t.deleting}>
            {t.confirmButton}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
