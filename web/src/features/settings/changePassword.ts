/**
 * Cognito's ChangePassword through Amplify (the signed-in user's access token plus the current
 * password). Imported on demand by the settings page, so Amplify stays in its own chunk.
 */
import { updatePassword } from 'aws-amplify/auth';
import { ensureAmplify } from '../auth/amplify';

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ensureAmplify();
  await updatePassword({ oldPassword, newPassword });
}
