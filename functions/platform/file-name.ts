/** Longest file name kept, extension included. */
const MAX_FILE_NAME = 200;

/**
 * The file name as shown and offered for download: no folders, no control or reserved
 * characters, at most 200 characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= MAX_FILE_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot) : '';
  return clean.slice(0, MAX_FILE_NAME - ext.length).trimEnd() + ext;
}
