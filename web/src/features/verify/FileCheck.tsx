import { type DragEvent, useId, useRef, useState } from 'react';
import type { Verification } from '../../../../shared/contract/signing';
import { es, fmt } from '../../../../shared/messages.es';
import { Alert, Spinner } from '../../components/ui';
import { compareHash, type FileVerdict, sha256Hex } from './fileCheck';

const t = es.verify;

type Check =
  | { kind: 'idle' }
  | { kind: 'hashing'; name: string }
  | { kind: 'done'; name: string; hash: string; verdict: FileVerdict }
  | { kind: 'failed'; message: string };

const VERDICT = {
  sealed: { tone: 'success', title: t.fileMatch, help: t.fileMatchHelp },
  original: { tone: 'warning', title: t.fileOriginal, help: t.fileOriginalHelp },
  mismatch: { tone: 'error', title: t.fileMismatch, help: t.fileMismatchHelp },
} as const;

/**
 * 'Verificar archivo': the visitor picks (or drops) a file, the browser computes its SHA-256
 * with crypto.subtle and compares it with the recorded hashes. The file never leaves the device.
 */
export function FileCheck({ record }: { record: Verification }) {
  const inputId = useId();
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  // The newest file wins when two are chosen quickly.
  const latest = useRef(0);

  const examine = async (file: File | undefined) => {
    if (!file) return;
    const n = ++latest.current;
    setCheck({ kind: 'hashing', name: file.name });
    try {
      const hash = await sha256Hex(file);
      if (n !== latest.current) return;
      setCheck({ kind: 'done', name: file.name, hash, verdict: compareHash(hash, record) });
    } catch (err) {
      if (n !== latest.current) return;
      const noCrypto = (err as Error).message === 'no-subtle-crypto';
      setCheck({ kind: 'failed', message: noCrypto ? t.fileNoCrypto : t.fileReadError });
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void examine(e.dataTransfer.files[0]);
  };

  return (
    <section className="verify-section" aria-labelledby="verify-file-title">
      <h2 id="verify-file-title" className="verify-section__title">
        {t.fileTitle}
      </h2>
      <p className="verify-section__help">{t.fileHelp}</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the file input inside is the keyboard and screen reader control. */}
      <div
        className={`verify-drop${over ? ' verify-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <input
          id={inputId}
          type="file"
          className="verify-drop__input"
          onChange={(e) => {
            void examine(e.target.files?.[0]);
            // The same file again re-runs the check.
            e.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className="ui-btn ui-btn--secondary ui-btn--md verify-drop__button"
        >
          {t.fileButton}
        </label>
        <span className="verify-drop__hint">{t.fileDrop}</span>
      </div>
      <div aria-live="polite" className="verify-result">
        {check.kind === 'hashing' ? (
          <p className="verify-checking">
            <Spinner size={20} />
            {fmt(t.fileChecking, { name: check.name })}
          </p>
        ) : check.kind === 'failed' ? (
          <Alert tone="error">{check.message}</Alert>
        ) : check.kind === 'done' ? (
          <Alert
            tone={VERDICT[check.verdict].tone}
            title={VERDICT[check.verdict].title}
            className="verify-verdict"
          >
            <p>{fmt(VERDICT[check.verdict].help, { name: check.name })}</p>
            <p className="verify-hash verify-hash--small">
              {fmt(t.fileHash, { hash: check.hash })}
            </p>
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
