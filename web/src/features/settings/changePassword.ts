/**
 * The password change goes through our API (POST /api/auth/password-change): it checks the
 * current password, sets the new one and signs the account out everywhere, this device too
 * (docs/architecture.md, "Sign-out everywhere"). The settings page then sends the user to sign
 * in again with the new password.
 */
import { apiCall } from '../../lib/api';

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiCall('changePassword', { body: { currentPassword, newPassword } });
}
