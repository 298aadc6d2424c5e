import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Alert } from '../../components/ui';

/**
 * /claveunica/retorno: where ClaveÚnica sends the signer back (the redirect URI it has
 * registered, without a query of ours). The state names the signer (types/clave-unica on the
 * server); the signing page takes the provider's answer from there and the server checks it.
 */
export function ClaveUnicaReturnPage() {
  const navigate = useNavigate();
  const query = window.location.search.slice(1);
  const state = new URLSearchParams(query).get('state') ?? '';
  const signerId = /^([A-Za-z0-9-]{1,64})\./.exec(state)?.[1];
  useEffect(() => {
    if (!signerId) return;
    navigate(
      `/firmar/${encodeURIComponent(signerId)}?identity_return=${encodeURIComponent(query)}`,
      {
        replace: true,
      },
    );
  }, [navigate, signerId, query]);
  return signerId ? null : (
    <div className="sign-page">
      <Alert tone="error">{es.signing.linkInvalid}</Alert>
    </div>
  );
}
