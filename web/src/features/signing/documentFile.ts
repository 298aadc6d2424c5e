import { isWebUrl } from './buttons';

/**
 * The document component (§2 screen 8): its value is a short-lived URL, its label the file's
 * name. A PDF is drawn in the page; a Word file is only offered as a download (no viewer runs
 * it); anything else can be opened or downloaded.
 */
export type DocumentKind = 'pdf' | 'word' | 'other';

function extension(s: string): string {
  const m = /\.([a-z0-9]+)$/i.exec(s.trim());
  return m?.[1]?.toLowerCase() ?? '';
}

export function documentKind(name: string, url: string): DocumentKind {
  let ext = extension(name);
  if (!ext) {
    try {
      ext = extension(new URL(url, 'http://x').pathname);
    } catch {
      ext = '';
    }
  }
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  return 'other';
}

/** The file is fetched, then saved under its own name (a cross-origin link cannot name it). */
export async function downloadDocument(url: string, name: string): Promise<void> {
  const res = await fetch(url, {
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!res.ok) throw new Error(`download ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

/**
 * 'Abrir': a new tab with the document. Answers false when the browser blocked the pop-up. The
 * new tab gets no handle on this one (opener cleared; the page sends no Referer).
 */
export function openDocument(url: string): boolean {
  if (!isWebUrl(url)) throw new Error('not a web address');
  const w = window.open(url, '_blank');
  if (!w) return false;
  w.opener = null;
  return true;
}
