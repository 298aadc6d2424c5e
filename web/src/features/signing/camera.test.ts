import { describe, expect, it } from 'vitest';
import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es';
import { cameraProblem, fitWithin } from './camera';

describe('the capture camera', () => {
  it('scales a frame down to 1280 px on its longest side, never up', () => {
    expect(fitWithin(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('says in Spanish why the camera did not open', () => {
    expect(cameraProblem('NotAllowedError')).toBe(bio.cameraDenied);
    expect(cameraProblem('NotFoundError')).toBe(bio.cameraMissing);
    expect(cameraProblem('unsupported')).toBe(bio.cameraUnsupported);
    expect(cameraProblem('NotReadableError')).toBe(bio.cameraFailed);
  });
});
