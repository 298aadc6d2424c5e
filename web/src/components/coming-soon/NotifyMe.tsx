import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { es, fmt } from '../../../../shared/messages.es';
import { ApiError, apiCall } from '../../lib/api';
import { useSession } from '../../lib/session/session';
import { Button, TextField } from '../ui';
import './coming-soon.css';

/**
 * 'Avísame' under a 'Próximamente' item (issue 21): an optional address, recorded as a CRM
 * contact waiting for `interest` ("service:fea"). A signed-in customer's address is filled in.
 * The server answers the same for any address; its Spanish validation message is shown as is.
 */
export function NotifyMe({ interest, label }: { interest: string; label: string }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(session.user?.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const join = useMutation({
    mutationFn: (address: string) =>
      apiCall('joinWaitlist', { body: { email: address, interest } }),
    onError: (err) => {
      setError(
        err instanceof ApiError && [400, 422, 429].includes(err.status) && err.message
          ? err.message
          : es.availability.notifyError,
      );
    },
  });

  if (join.isSuccess) {
    return (
      <p className="notify-me__done" role="status">
        {fmt(es.availability.notifyDone, { email: join.variables ?? email })}
      </p>
    );
  }
  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="notify-me__open"
        aria-label={`${es.availability.notifyMe}: ${label}`}
        aria-expanded={false}
        aria-controls={formId}
        onClick={() => {
          setEmail(session.user?.email ?? email);
          setOpen(true);
        }}
      >
        {es.availability.notifyMe}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    join.mutate(email.trim());
  };
  return (
    <form id={formId} className="notify-me" onSubmit={submit} noValidate>
      <p className="notify-me__title">{es.availability.notifyTitle}</p>
      <TextField
        label={es.availability.notifyEmail}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        hint={es.availability.notifyPrivacy}
        data-autofocus
      />
      <Button
        type="submit"
        size="sm"
        loading={join.isPending}
        loadingLabel={es.availability.notifySending}
      >
        {es.availability.notifySend}
      </Button>
    </form>
  );
}
