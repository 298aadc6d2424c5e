import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { es, fmt } from '../../../../shared/messages.es';
import { loadAuth, useSession } from '../../lib/session/session';
import type { SessionUser } from '../../lib/session/sessionUser';

export type LoginResult = { ok: true; user: SessionUser | null } | { ok: false; message: string };

/**
 * Signs in with e-mail and password, reloads the session and greets the user. Used by the auth
 * modal, the /login page and the reset page (which signs the user in with the new password).
 */
export function useLogin(): (email: string, password: string) => Promise<LoginResult> {
  const { refresh } = useSession();
  return useCallback(
    async (email, password) => {
      let result: Awaited<
        ReturnType<typeof import('../../lib/session/amplify').signInWithPassword>
      >;
      try {
        const auth = await loadAuth();
        result = await auth.signInWithPassword(email, password);
      } catch {
        return { ok: false, message: es.auth.unexpected };
      }
      if (!result.ok) return result;
      const user = await refresh();
      toast.success(fmt(es.toast.welcome, { name: user?.firstName.trim() || es.common.user }));
      return { ok: true, user };
    },
    [refresh],
  );
}
