/**
 * The file check of /verificar: the browser hashes the chosen file (nothing is uploaded) and
 * compares the hash with the ones the seal recorded.
 */
export type FileVerdict = 'sealed' | 'original' | 'mismatch';

/** Which recorded document the hash is, if any (hex compared without case). */
export function compareHash(
  fileHash: string,
  recorded: { sealed_sha256: string; original_sha256: string | null; later_sha256?: string[] },
): FileVerdict {
  const h = fileHash.toLowerCase();
  // The sealed file as delivered, or a later version with a renewed timestamp appended.
  const sealed = [recorded.sealed_sha256, ...(recorded.later_sha256 ?? [])];
  if (sealed.some((s) => s.toLowerCase() === h)) return 'sealed';
  if (recorded.original_sha256 && h === recorded.original_sha256.toLowerCase()) return 'original';
  return 'mismatch';
}

export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a file, hex. crypto.subtle exists only in secure contexts (https, localhost). */
export async function sha256Hex(file: Blob): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('no-subtle-crypto');
  return toHex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}
