import { useEffect, useId, useRef, useState } from 'react';
import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es';
import { fmt } from '../../../../shared/messages.es';
import { Alert, Button, FieldError } from '../../components/ui';
import { cameraProblem, openCamera, shoot, stopCamera } from './camera';

export interface CameraFieldProps {
  id: string;
  label: string;
  facing: 'user' | 'environment';
  /** The photo taken (a JPEG data URL), or ''. */
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
}

type State = { kind: 'idle' } | { kind: 'live' } | { kind: 'problem'; message: string };

/**
 * Our `camera` component: one photo from the device's camera ('Abrir cámara', 'Tomar foto'),
 * shown as a preview with 'Repetir'. The camera is on only between opening and the shot; the
 * photo stays in the page's memory until the step is posted.
 */
export function CameraField({
  id,
  label,
  facing,
  value,
  error,
  disabled,
  onChange,
}: CameraFieldProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  // 'Tomar foto' waits for the first frames: a shot before them would be empty.
  const [ready, setReady] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const labelId = useId();
  const errorId = `${labelId}-error`;

  // Whatever happens to the screen, the camera goes off with it.
  useEffect(() => () => stopCamera(stream.current), []);

  // The <video> exists once 'live' has rendered: an effect runs after that commit (an animation
  // frame may come before it on a busy device, and the camera would never show).
  const live = state.kind === 'live';
  useEffect(() => {
    const el = video.current;
    if (!live || !el || !stream.current || el.srcObject === stream.current) return;
    el.srcObject = stream.current;
    void el.play().catch(() => undefined);
  }, [live]);

  const open = async () => {
    stopCamera(stream.current);
    try {
      const s = await openCamera(facing);
      stream.current = s;
      setReady(false);
      setState({ kind: 'live' });
    } catch (err) {
      setState({ kind: 'problem', message: cameraProblem((err as Error)?.name) });
    }
  };

  const take = () => {
    const photo = video.current ? shoot(video.current) : undefined;
    if (!photo) return;
    stopCamera(stream.current);
    stream.current = null;
    setState({ kind: 'idle' });
    onChange(photo);
  };

  const cancel = () => {
    stopCamera(stream.current);
    stream.current = null;
    setState({ kind: 'idle' });
  };

  const retake = () => {
    onChange('');
    void open();
  };

  return (
    <fieldset
      id={`sign-${id}`}
      className={['sign-camera', error && 'sign-camera--invalid'].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={labelId} className="ui-field__label">
        {label}
      </legend>
      {state.kind === 'live' ? (
        <>
          <video
            ref={video}
            className={`sign-camera__frame${facing === 'user' ? ' sign-camera__frame--mirror' : ''}`}
            aria-label={fmt(bio.cameraLive, { label })}
            autoPlay
            playsInline
            muted
            onLoadedData={() => setReady(true)}
          />
          <div className="sign-camera__actions">
            <Button size="sm" onClick={take} disabled={disabled || !ready}>
              {bio.cameraShoot}
            </Button>
            <Button size="sm" variant="ghost" onClick={cancel}>
              {bio.cameraCancel}
            </Button>
          </div>
        </>
      ) : value ? (
        <>
          <img className="sign-camera__frame" src={value} alt={fmt(bio.cameraPreview, { label })} />
          <div className="sign-camera__actions">
            <Button size="sm" variant="secondary" onClick={retake} disabled={disabled}>
              {bio.cameraRetake}
            </Button>
          </div>
        </>
      ) : (
        <div className="sign-camera__actions">
          <Button size="sm" variant="secondary" onClick={() => void open()} disabled={disabled}>
            {bio.cameraOpen}
          </Button>
        </div>
      )}
      {state.kind === 'problem' ? <Alert tone="error">{state.message}</Alert> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
