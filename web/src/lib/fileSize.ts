import { es, fmt } from '../../../shared/messages.es';

/** "850 KB" or "1,5 MB" (es formatting). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    const kb = Math.max(1, Math.round(bytes / 1024));
    return fmt(es.wizard.sizeKb, { n: kb.toLocaleString('es-CL') });
  }
  const mb = bytes / (1024 * 1024);
  return fmt(es.wizard.sizeMb, {
    n: mb.toLocaleString('es-CL', { maximumFractionDigits: 1 }),
  });
}
