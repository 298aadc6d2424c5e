import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es';

/**
 * The camera of the biometric capture, without React: the size a photo is sent at, the
 * Spanish text of each way getUserMedia fails, and the shot itself (a video frame drawn on a
 * canvas, sent as a JPEG). The server checks every photo again.
 */

/** Longest side of a photo sent: enough to read a card's MRZ, small enough to send quickly. */
export const MAX_PHOTO_SIDE = 1280;
export const JPEG_QUALITY = 0.85;

/** A frame's size scaled down (never up) so its longest side is at most `max`. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** What to tell the signer when the camera does not open (a DOMException's name). */
export function cameraProblem(errorName: string | undefined): string {
  if (errorName === 'NotAllowedError' || errorName === 'SecurityError') return bio.cameraDenied;
  if (errorName === 'NotFoundError' || errorName === 'OverconstrainedError') {
    return bio.cameraMissing;
  }
  if (errorName === 'unsupported') return bio.cameraUnsupported;
  return bio.cameraFailed;
}

/** Opens the camera facing the signer ('user') or the card ('environment'), as available. */
export function openCamera(facing: 'user' | 'environment'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(Object.assign(new Error('no camera API'), { name: 'unsupported' }));
  }
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  });
}

/** The video's current frame as a JPEG data URL of at most MAX_PHOTO_SIDE px. */
export function shoot(video: HTMLVideoElement): string | undefined {
  if (!video.videoWidth || !video.videoHeight) return undefined;
  const size = fitWithin(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  ctx.drawImage(video, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
