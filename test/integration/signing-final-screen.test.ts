import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { newConfirmedUser } from '../support/client.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { openLink, orderWhen, signAll } from '../support/signing.js';

const stack = inject('stack');

/**
 * The signer's final screen tells what really happens to the sealed file for the order's
 * delivery option (issue 21 item 6): a signer of an order delivered to the requester only is
 * not promised a mail, and a signer who gets the file can download it there once sealed.
 */
describe('signing: the final screen follows the delivery option', () => {
  it('delivery to the requester only: a signer is told who gets it; the requester signing gets the download', async () => {
    const user = await newConfirmedUser(stack);
    const requesterEmail = `solicitante-${randomUUID().slice(0, 8)}@example.com`;
    const other = signer();
    const requester = signer({ email: requesterEmail, first_name: 'Carla', last_name: 'Rojas' });
    const order = await paidOrder(stack, user, {
      signers: [other, requester],
      delivery: false,
      billingEmail: requesterEmail,
    });
    const [otherLink] = await waitForLinks(stack, other.email);

    const first = await signAll(stack, await openLink(stack, otherLink as URL), other.email);
    expect(first.ui.description).toContain('se enviará a Carla Rojas');
    expect(first.ui.description).not.toContain('te enviaremos');
    expect(first.ui.components).toEqual([]);

    const [requesterLink] = await waitForLinks(stack, requesterEmail);
    const session = await openLink(stack, requesterLink as URL);
    const last = await signAll(stack, session, requesterEmail);
    // Not sealed yet at the signature: the file is promised by mail, with a way to look again.
    expect(last.ui.description).toContain('te enviaremos el documento sellado por correo');
    expect(last.ui.components.map((c) => c.value)).toEqual(['check_status']);
    expect(last.message).toBe('Documento firmado correctamente');

    await orderWhen(stack, user, order.id, 'completed');
    const again = await session.step({ accion: 'check_status' });
    expect(again.status).toBe(200);
    expect(again.body.ui.description).toContain('quedó sellado');
    // A later look is not a new signature: no second "firmado correctamente" toast.
    expect(again.body.message).toBe('');
    const doc = again.body.ui.components.find((c) => c.type === 'document');
    expect(doc?.label).toMatch(/-firmado\.pdf$/);
    const file = await fetch(String(doc?.value));
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('delivery to every signer: each signer is promised the file by mail', async () => {
    const user = await newConfirmedUser(stack);
    const only = signer();
    await paidOrder(stack, user, { signers: [only], delivery: true });
    const [link] = await waitForLinks(stack, only.email);
    const done = await signAll(stack, await openLink(stack, link as URL), only.email);
    expect(done.ui.description).toContain('te enviaremos el documento sellado por correo');
  });
});
