/**
 * The wizard's in-progress request, kept in sessionStorage so a reload, the trip to /checkout
 * and back, or the login modal do not lose it. Everything else of the wizard lives on the
 * server (the request). 'Process another document' and a completed payment clear it.
 */
const KEY = 'sello.wizard.request';
/** See readPendingDocument. */
const DOCUMENT_KEY = 'sello.wizard.document';

/** The wizard's URL parameter that opens a saved request (the cart's edit-and-pay link). */
export const WIZARD_EDIT_PARAM = 'request';

/**
 * Where this tab keeps wizard work in progress: also read by the first-paint boot script
 * (prerender/shells.tsx), which cannot import modules.
 */
export const WIZARD_SESSION_KEYS: readonly string[] = [KEY, DOCUMENT_KEY];

/**
 * The wizard opens on work in progress (a saved request or an uploaded document) rather than
 * on an empty first step: the same test as the boot script's, for the loading view.
 */
export function resumesWizard(search: string): boolean {
  if (new URLSearchParams(search).has(WIZARD_EDIT_PARAM)) return true;
  try {
    return WIZARD_SESSION_KEYS.some((key) => sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

export interface WizardSession {
  requestId: string;
  step: number;
}

export function readWizardSession(): WizardSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<WizardSession>;
    if (typeof v.requestId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v.requestId)) return null;
    const step = typeof v.step === 'number' && v.step >= 1 && v.step <= 4 ? v.step : 1;
    return { requestId: v.requestId, step };
  } catch {
    return null;
  }
}

export function writeWizardSession(s: WizardSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or disabled: the wizard still works for this page view.
  }
}

export function clearWizardSession(): void {
  try {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(DOCUMENT_KEY);
  } catch {
    // ignore
  }
}

/**
 * The document uploaded on step 1 before the request exists (the request is created when the
 * user leaves the step): kept too, so a reload on step 1 does not lose the upload.
 */
export interface PendingDocument {
  id: string;
  file_name: string;
  size: number;
  kind: 'pdf' | 'doc' | 'docx';
}

export function readPendingDocument(): PendingDocument | null {
  try {
    const raw = sessionStorage.getItem(DOCUMENT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PendingDocument>;
    if (typeof v.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v.id)) return null;
    if (typeof v.file_name !== 'string' || typeof v.size !== 'number') return null;
    if (v.kind !== 'pdf' && v.kind !== 'doc' && v.kind !== 'docx') return null;
    return { id: v.id, file_name: v.file_name, size: v.size, kind: v.kind };
  } catch {
    return null;
  }
}

export function writePendingDocument(doc: PendingDocument | null): void {
  try {
    if (doc) sessionStorage.setItem(DOCUMENT_KEY, JSON.stringify(doc));
    else sessionStorage.removeItem(DOCUMENT_KEY);
  } catch {
    // Storage full or disabled: the wizard still works for this page view.
  }
}
