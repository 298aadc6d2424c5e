import { useEffect, useId, useRef } from 'react';
import type SignaturePad from 'signature_pad';
import { es } from '../../../../shared/messages.es';
import { Button, FieldError } from '../../components/ui';

const t = es.signing;
/** Canvas resolution cap: a phone's 3x would make the PNG needlessly large. */
const MAX_RATIO = 2;

export interface SignatureFieldProps {
  id: string;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** The drawing as a PNG data URL, or '' once cleared. */
  onChange(value: string): void;
}

/** Fits the canvas's pixels to its CSS box (sharp strokes, pointer positions that match). */
function fitCanvas(canvas: HTMLCanvasElement): void {
  const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
  canvas.width = Math.max(1, Math.floor(canvas.offsetWidth * ratio));
  canvas.height = Math.max(1, Math.floor(canvas.offsetHeight * ratio));
  canvas.getContext('2d')?.scale(ratio, ratio);
}

/**
 * Our `signature` component: a drawing pad (signature_pad, loaded only when this shows) and
 * 'Borrar'. The value posted under the component's id is the drawing as a PNG data URL.
 */
export function SignatureField({ id, label, error, disabled, onChange }: SignatureFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const errorId = `${labelId}-error`;

  useEffect(() => {
    let live = true;
    let resize: (() => void) | undefined;
    import('signature_pad').then(({ default: Pad }) => {
      const el = canvas.current;
      if (!live || !el) return;
      fitCanvas(el);
      const instance = new Pad(el, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
      instance.addEventListener('endStroke', () => {
        changed.current(instance.isEmpty() ? '' : instance.toDataURL('image/png'));
      });
      pad.current = instance;
      // A rotated phone: keep the strokes, re-fit the canvas.
      resize = () => {
        const strokes = instance.toData();
        fitCanvas(el);
        instance.fromData(strokes);
      };
      window.addEventListener('resize', resize);
    });
    return () => {
      live = false;
      if (resize) window.removeEventListener('resize', resize);
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    changed.current('');
  };

  return (
    <fieldset className={['sign-pad', error && 'sign-pad--invalid'].filter(Boolean).join(' ')}>
      <legend id={labelId} className="ui-field__label">
        {label || t.signaturePadLabel}
      </legend>
      <canvas
        ref={canvas}
        id={`sign-${id}`}
        className="sign-pad__canvas"
        role="img"
        aria-label={t.signaturePadLabel}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      />
      <div className="sign-pad__foot">
        <p id={hintId} className="ui-field__hint">
          {t.signaturePadHint}
        </p>
        <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
          {t.signatureClear}
        </Button>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
