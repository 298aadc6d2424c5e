import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { FEA_CODES } from '../../functions/signing/types/advanced/fea-codes.js';
import { cleanRut, isValidRut } from '../../shared/rules/rut.js';
import {
  checkCode,
  checkPassword,
  type FeaAccount,
  issueCode,
  maskPhone,
  type Refusal,
  serialMatches,
} from './accounts.js';
import { signHash, signPdf } from './sign.js';
import type { FeaStore, Ticket } from './store.js';

/**
 * The provider's REST API as the emulator answers it (the shape fea-http.ts speaks): JSON in,
 * `{ estado: 'OK', … }` or `{ estado: 'FAIL', errorCode, mensaje }` out.
 */
export interface ApiContext {
  store: FeaStore;
  /** Where the browser reaches the emulator's pages. */
  publicUrl: string;
  /** The local TSA for signature timestamps (PAdES B-T), when the stack has one. */
  tsaUrl?: string;
  delays: { secondFactorMs: number; signMs: number };
  now(): number;
}

export type Reply = { status: number; json: Record<string, unknown> };

const ok = (fields: Record<string, unknown> = {}): Reply => ({
  status: 200,
  json: { estado: 'OK', ...fields },
});
const fail = (r: Refusal, status = 200): Reply => ({
  status,
  json: {
    estado: 'FAIL',
    errorCode: r.code,
    mensaje: r.message,
    ...(r.attemptsLeft === undefined ? {} : { intentosRestantes: r.attemptsLeft }),
  },
});
const invalid = (message: string) => fail({ code: FEA_CODES.invalidInput, message });

const TICKET_MS = 30 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function rutOf(body: Record<string, unknown>): string | undefined {
  const rut = cleanRut(str(body.rut));
  return isValidRut(rut) ? rut : undefined;
}

function account(ctx: ApiContext, body: Record<string, unknown>): FeaAccount | Reply {
  const rut = rutOf(body);
  if (!rut) return invalid('RUT inválido');
  const found = ctx.store.accounts.get(rut);
  if (!found) {
    return fail({ code: FEA_CODES.notEnrolled, message: 'El firmante no tiene certificado FEA' });
  }
  return found;
}

const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && 'status' in v && 'json' in v;

function ticket(ctx: ApiContext, t: Omit<Ticket, 'expiresAt'>, path: string): string {
  const id = randomBytes(18).toString('base64url');
  ctx.store.tickets.set(id, { ...t, expiresAt: ctx.now() + TICKET_MS });
  return `${ctx.publicUrl}/${path}/${id}`;
}

function returnUrlOf(body: Record<string, unknown>): string | undefined {
  try {
    const url = new URL(str(body.urlRetorno));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const api: Record<
  string,
  (ctx: ApiContext, body: Record<string, unknown>) => Promise<Reply>
> = {
  async consultaVigenciaFEA(ctx, body) {
    const rut = rutOf(body);
    if (!rut) return invalid('RUT inválido');
    const a = ctx.store.accounts.get(rut);
    if (!a) return ok({ estadoCertificado: 'SIN_CERTIFICADO' });
    const expired = Date.parse(a.certificate.notAfter) <= ctx.now();
    return ok({
      estadoCertificado: expired ? 'VENCIDO' : a.certificateBlocked ? 'BLOQUEADO' : 'VIGENTE',
      fechaVencimiento: a.certificate.notAfter.slice(0, 10),
      numeroSerie: a.certificate.serialHex,
    });
  },

  async enrolarFirmanteFEA(ctx, body) {
    const rut = rutOf(body);
    const returnUrl = returnUrlOf(body);
    if (!rut || !returnUrl) return invalid('RUT o urlRetorno inválidos');
    const url = ticket(
      ctx,
      { kind: 'enrol', rut, name: str(body.nombre), email: str(body.correo), returnUrl },
      'enrolamiento',
    );
    return ok({ urlEnrolamiento: url });
  },

  async solicitarSegundoFactor(ctx, body) {
    const a = account(ctx, body);
    if (isReply(a)) return a;
    await sleep(ctx.delays.secondFactorMs);
    const checked = checkPassword(a, str(body.clave), ctx.now());
    if (!checked.ok) {
      ctx.store.save();
      return fail(checked);
    }
    const issued = issueCode(a, ctx.now());
    ctx.store.save();
    if (!issued.ok) return fail(issued);
    ctx.store.sms.push({
      to: a.phone,
      rut: a.rut,
      text: `Su código de firma es ${issued.code}. No lo comparta con nadie.`,
      at: new Date(ctx.now()).toISOString(),
    });
    return ok({ telefonoEnmascarado: maskPhone(a.phone) });
  },

  async firmaMultipleFeaApi(ctx, body) {
    const docs = Array.isArray(body.documentos) ? body.documentos : [];
    const doc = docs[0] as Record<string, unknown> | undefined;
    const pdf = Buffer.from(str(doc?.contenido), 'base64');
    if (docs.length !== 1 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
      return fail({ code: FEA_CODES.invalidDocument, message: 'Documento inválido' });
    }
    return signOnce(ctx, body, pdf, async (a, material) => {
      const signedPdf = await signPdf(new Uint8Array(pdf), material, {
        fieldName: `FEA ${a.rut} ${randomUUID().slice(0, 8)}`,
        reason: `Firma electrónica avanzada de ${a.name}`,
        tsaUrl: ctx.tsaUrl,
      });
      return {
        documentos: [
          { nombre: str(doc?.nombre), contenido: Buffer.from(signedPdf).toString('base64') },
        ],
      };
    });
  },

  async firmaHashFeaApi(ctx, body) {
    const hex = str(body.hash);
    if (!/^[0-9a-f]{64}$/i.test(hex)) return invalid('Hash SHA-256 inválido');
    const digest = Buffer.from(hex, 'hex');
    return signOnce(ctx, body, digest, async (_a, material) => ({
      pkcs7: Buffer.from(await signHash(new Uint8Array(digest), material)).toString('base64'),
    }));
  },

  async desbloqueoCertificado(ctx, body) {
    return unlockLink(ctx, body, 'unlock_certificate');
  },

  async desbloqueoSegundoFactor(ctx, body) {
    return unlockLink(ctx, body, 'unlock_second_factor');
  },

  async recuperarClave(ctx, body) {
    const a = account(ctx, body);
    if (isReply(a)) return a;
    const returnUrl = returnUrlOf(body);
    if (!returnUrl) return invalid('urlRetorno inválida');
    if (!serialMatches(a, str(body.numDocumento))) {
      return invalid('El número de documento no corresponde al RUT');
    }
    const kind = body.tipoRecuperacion === 'segundo_factor' ? 'segundo_factor' : 'certificado';
    const url = ticket(ctx, { kind: `recover_${kind}`, rut: a.rut, returnUrl }, 'recuperacion');
    if (body.enviarMail === true) {
      ctx.store.mail.push({
        to: a.email,
        rut: a.rut,
        text: `Para recuperar su ${kind === 'certificado' ? 'clave' : 'segundo factor'}: ${url}`,
        at: new Date(ctx.now()).toISOString(),
      });
      return ok({ mensaje: 'Enviamos un correo con el enlace de recuperación.' });
    }
    return ok({ mensaje: 'Solicitud de recuperación creada.', urlRecuperacion: url });
  },
};

async function unlockLink(
  ctx: ApiContext,
  body: Record<string, unknown>,
  kind: Ticket['kind'],
): Promise<Reply> {
  const a = account(ctx, body);
  if (isReply(a)) return a;
  const returnUrl = returnUrlOf(body);
  if (!returnUrl) return invalid('urlRetorno inválida');
  return ok({ urlDesbloqueo: ticket(ctx, { kind, rut: a.rut, returnUrl }, 'desbloqueo') });
}

/**
 * A signature: the password and the SMS code checked, then signed once per reference. The same
 * reference with the same bytes answers the first result (a retried job); with other bytes, 141.
 */
async function signOnce(
  ctx: ApiContext,
  body: Record<string, unknown>,
  content: Buffer,
  sign: (
    a: FeaAccount,
    material: { certDer: Uint8Array; keyPkcs8: Uint8Array; caDer: Uint8Array },
  ) => Promise<Record<string, unknown>>,
): Promise<Reply> {
  const a = account(ctx, body);
  if (isReply(a)) return a;
  const reference = str(body.referencia);
  if (!reference || reference.length > 128) return invalid('Referencia inválida');
  const sha = createHash('sha256').update(content).digest('hex');
  const key = `${a.rut}:${reference}`;
  const before = ctx.store.signed.get(key);
  if (before) {
    if (before.documentSha256 !== sha) {
      return fail({ code: FEA_CODES.referenceReused, message: 'Referencia ya usada' });
    }
    return ok(before.reply);
  }
  // A retry arriving while the first call still signs waits for it (its code is used up).
  const running = ctx.store.inflight.get(key);
  if (running) return running;
  const attempt = signChecked(ctx, body, a, sign).then((reply) => {
    if (reply.json.estado === 'OK') {
      ctx.store.signed.set(key, { documentSha256: sha, reply: withoutEstado(reply.json) });
    }
    return reply;
  });
  ctx.store.inflight.set(key, attempt);
  try {
    return await attempt;
  } finally {
    ctx.store.inflight.delete(key);
  }
}

const withoutEstado = ({ estado: _estado, ...rest }: Record<string, unknown>) => rest;

async function signChecked(
  ctx: ApiContext,
  body: Record<string, unknown>,
  a: FeaAccount,
  sign: Parameters<typeof signOnce>[3],
): Promise<Reply> {
  await sleep(ctx.delays.signMs);
  const password = checkPassword(a, str(body.clave), ctx.now());
  if (!password.ok) {
    ctx.store.save();
    return fail(password);
  }
  const code = checkCode(a, str(body.codigoSegundoFactor), ctx.now());
  ctx.store.save();
  if (!code.ok) return fail(code);
  return ok({
    codigoTransaccion: `TX-${randomBytes(6).toString('hex').toUpperCase()}`,
    numeroSerieCertificado: a.certificate.serialHex,
    ...(await sign(a, {
      certDer: new Uint8Array(Buffer.from(a.certificate.certDer, 'base64')),
      keyPkcs8: new Uint8Array(Buffer.from(a.certificate.keyPkcs8, 'base64')),
      caDer: ctx.store.ca.certDer,
    })),
  });
}
