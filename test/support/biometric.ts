import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { BiometricScenario } from '../../local/biometric/identities.js';
import type { StackInfo } from '../../local/stack.js';
import { biometricSigningEs as bio } from '../../shared/messages/biometric-signing.es.js';
import { freshRut } from './fea.js';

/**
 * The biometric signature's test side: photos as the SPA posts them (JPEG data URLs of a
 * camera's size) and the simulator's doors (local/biometric).
 */

/**
 * A JPEG as far as the server and the simulator read one (SOI, a comment, a 640×480 frame
 * header, EOI), carrying a unique marker: a test can then prove these bytes are stored nowhere.
 */
export function photo(width = 640, height = 480): { dataUrl: string; marker: string } {
  const marker = `bio-photo-${randomUUID()}`;
  const comment = Buffer.from(marker.padEnd(96, '.'));
  const com = Buffer.concat([
    Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 255]),
    comment,
  ]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x0b,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ]);
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8]), com, sof, Buffer.from([0xff, 0xd9])]);
  return { dataUrl: `data:image/jpeg;base64,${bytes.toString('base64')}`, marker };
}

/** The three photos of one capture, and their markers. */
export function capture() {
  const [front, back, selfie] = [photo(), photo(), photo(480, 640)];
  return {
    body: { id_front: front.dataUrl, id_back: back.dataUrl, selfie: selfie.dataUrl },
    markers: [front.marker, back.marker, selfie.marker],
  };
}

/**
 * A RUT of this test's own, registered at the simulator with a scenario (local/biometric
 * identities.ts): tests running side by side on one stack share no fixture's state.
 */
export async function biometricIdentity(
  stack: StackInfo,
  scenario: BiometricScenario,
): Promise<string> {
  const run = freshRut();
  const res = await fetch(`${stack.biometricUrl}/_emulator/identities`, {
    method: 'POST',
    body: JSON.stringify({ run, scenario }),
  });
  if (!res.ok) throw new Error(`biometric identity: ${res.status}`);
  return run;
}

/** Forgets the simulator's attempts per RUT (22.222.222-2 refuses its first selfie again). */
export async function resetBiometric(stack: StackInfo): Promise<void> {
  const res = await fetch(`${stack.biometricUrl}/_emulator/reset`, { method: 'POST' });
  if (!res.ok) throw new Error(`biometric reset: ${res.status}`);
}

/** The comparisons the simulator made (RUN, transaction, answer). */
export async function biometricTransactions(
  stack: StackInfo,
): Promise<{ toc_token: string; run: string; reply: Record<string, unknown> }[]> {
  return (await fetch(`${stack.biometricUrl}/_emulator/transactions`)).json() as never;
}

/** One photo: open the camera in that box, wait for frames, shoot; the preview shows. */
export async function takePhoto(page: Page, label: string) {
  const box = page.getByRole('group', { name: label });
  await box.getByRole('button', { name: bio.cameraOpen }).click();
  await box.locator('video').waitFor();
  // 'Tomar foto' is enabled once the camera's first frames arrived (the click waits for it).
  await box.getByRole('button', { name: bio.cameraShoot }).click();
  await box.getByRole('img', { name: bio.cameraPreview.replace('{label}', label) }).waitFor();
}

/** The three photos of the capture screen (Chromium's fake camera). */
export async function takeAll(page: Page) {
  for (const label of [bio.idFront, bio.idBack, bio.selfie]) await takePhoto(page, label);
}
