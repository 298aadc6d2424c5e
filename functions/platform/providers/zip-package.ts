import { READ_LIMITS, UnreadableFile } from './read-limits.js';

/**
 * ZIP packages (DOCX) through fflate, loaded on first use. Two operations only: list the
 * central directory without inflating anything, and inflate the XML parts of a package within
 * a byte cap. fflate sizes each output by the entry's declared size, so memory is bounded by
 * what was declared (capped here); an entry that lies about its size costs CPU, which the
 * reader child's wall-clock budget bounds (platform/reader/read-in-child.ts).
 */
const loadFflate = () => import('fflate');

export interface ZipListing {
  name: string;
  /** As declared by the central directory: not to be trusted beyond sizing a buffer. */
  originalSize: number;
}

/** The entries of a ZIP package, or undefined when it is not a readable one or has too many. */
export async function listZip(bytes: Uint8Array): Promise<ZipListing[] | undefined> {
  const { unzipSync } = await loadFflate();
  const entries: ZipListing[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (entries.length < READ_LIMITS.maxZipEntries + 1) {
          entries.push({ name: f.name, originalSize: f.originalSize });
        }
        return false; // list only: nothing is inflated
      },
    });
  } catch {
    return undefined;
  }
  return entries.length > READ_LIMITS.maxZipEntries ? undefined : entries;
}

/**
 * The parts of a package whose names `keep` accepts, inflated. Refused (UnreadableFile) when
 * the package cannot be read, has too many entries, or its kept parts declare more than
 * READ_LIMITS.maxInflatedBytes together.
 */
export async function inflateParts(
  bytes: Uint8Array,
  keep: (name: string) => boolean,
): Promise<Record<string, Uint8Array>> {
  const listing = await listZip(bytes);
  if (!listing) throw new UnreadableFile('zip: unreadable or too many entries');
  let declared = 0;
  for (const e of listing) if (keep(e.name)) declared += e.originalSize;
  if (declared > READ_LIMITS.maxInflatedBytes) throw new UnreadableFile('zip: inflates too much');
  const { unzipSync } = await loadFflate();
  try {
    return unzipSync(bytes, { filter: (f) => keep(f.name) });
  } catch {
    throw new UnreadableFile('zip: corrupt part');
  }
}

/** A ZIP package of these parts, stored (not compressed): what a library may unzip safely. */
export async function zipParts(parts: Record<string, Uint8Array>): Promise<Uint8Array> {
  const { zipSync } = await loadFflate();
  return zipSync(parts, { level: 0 });
}
