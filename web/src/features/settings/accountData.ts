/**
 * 'Descargar mis datos' and 'Eliminar mi cuenta' through our API (GET /api/me/export, POST
 * /api/me/delete; docs/privacy.md). The export arrives as JSON and is saved as a file by the
 * browser itself: nothing else receives it.
 */
import { es } from '../../../../shared/messages.es';
import { apiCall } from '../../lib/api';

export async function downloadMyData(): Promise<void> {
  const data = await apiCall('exportMyData');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = es.account.exportFileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function deleteMyAccount(password: string): Promise<void> {
  await apiCall('deleteMyAccount', { body: { password } });
}
