import * as z from 'zod/mini';
import { FEA_CODES } from './fea-codes.js';
import {
  type FeaCertificateStatus,
  FeaError,
  type FeaProvider,
  type FeaSignedHash,
  type FeaSignedPdf,
} from './fea-provider.js';

/**
 * The FEA provider port over the provider's REST API (the shape of Certificadora del Sur's
 * public API, ../shared/notes/signing.md): JSON POSTs with the integration key in `x-api-key`,
 * replies `{ estado: 'OK' | 'FAIL', errorCode, mensaje, … }`. The same adapter serves AWS (the
 * provider's URL and key from Secrets Manager) and the local stack (the emulator, local/fea).
 *
 * Time budgets: each call has its own, inside the Lambda that makes it. The slow calls (the SMS
 * request, the signature) are made by a job, never by a request near API Gateway's 30 s limit.
 * Only reads are retried here; a signature is retried by its job with the same `reference`,
 * which the provider answers with the first result instead of signing twice.
 */
export interface FeaHttpConfig {
  baseUrl: string;
  apiKey: string;
  /** Per-call budgets in ms (tests shorten them). */
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
}

export const DEFAULT_TIMEOUTS = {
  /** Status, enrolment, unlock and recovery links. */
  read: 8_000,
  /** The password check and the SMS (15–30 s at a real provider). */
  secondFactor: 40_000,
  /** The signature (10–20 s at a real provider). */
  sign: 45_000,
};

const failure = z.object({
  estado: z.string(),
  errorCode: z.optional(z.union([z.number(), z.string()])),
  mensaje: z.optional(z.string()),
  intentosRestantes: z.optional(z.number()),
});

const statusReply = z.object({
  estadoCertificado: z.enum(['VIGENTE', 'VENCIDO', 'BLOQUEADO', 'SIN_CERTIFICADO']),
  fechaVencimiento: z.optional(z.nullable(z.string())),
  numeroSerie: z.optional(z.nullable(z.string())),
});
const linkReply = (field: string) => z.object({ [field]: z.string() });
const secondFactorReply = z.object({ telefonoEnmascarado: z.string() });
const signedReply = z.object({
  codigoTransaccion: z.string(),
  numeroSerieCertificado: z.string(),
  documentos: z.array(z.object({ nombre: z.string(), contenido: z.string() })),
});
const hashReply = z.object({
  codigoTransaccion: z.string(),
  numeroSerieCertificado: z.string(),
  pkcs7: z.string(),
});
const recoveryReply = z.object({
  mensaje: z.optional(z.string()),
  urlRecuperacion: z.optional(z.nullable(z.string())),
});

const STATE: Record<
  z.infer<typeof statusReply>['estadoCertificado'],
  FeaCertificateStatus['state']
> = {
  VIGENTE: 'valid',
  VENCIDO: 'expired',
  BLOQUEADO: 'blocked',
  SIN_CERTIFICADO: 'none',
};

export class FeaHttpProvider implements FeaProvider {
  private readonly timeouts: typeof DEFAULT_TIMEOUTS;

  constructor(private readonly config: FeaHttpConfig) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  }

  async certificateStatus(rut: string): Promise<FeaCertificateStatus> {
    const reply = await this.read('consultaVigenciaFEA', { rut }, statusReply);
    return {
      rut,
      state: STATE[reply.estadoCertificado],
      expiresOn: reply.fechaVencimiento ?? undefined,
      certificateSerial: reply.numeroSerie ?? undefined,
    };
  }

  async enrolmentLink(input: { rut: string; name: string; email: string; returnUrl: string }) {
    const reply = await this.read(
      'enrolarFirmanteFEA',
      { rut: input.rut, nombre: input.name, correo: input.email, urlRetorno: input.returnUrl },
      linkReply('urlEnrolamiento'),
    );
    return { url: String(reply.urlEnrolamiento) };
  }

  async requestSecondFactor(input: { rut: string; password: string }) {
    const reply = await this.call(
      'solicitarSegundoFactor',
      { rut: input.rut, clave: input.password },
      secondFactorReply,
      this.timeouts.secondFactor,
    );
    return { phoneMasked: reply.telefonoEnmascarado };
  }

  async signPdf(input: {
    rut: string;
    password: string;
    code: string;
    reference: string;
    name: string;
    pdf: Uint8Array;
  }): Promise<FeaSignedPdf> {
    const reply = await this.call(
      'firmaMultipleFeaApi',
      {
        rut: input.rut,
        clave: input.password,
        codigoSegundoFactor: input.code,
        referencia: input.reference,
        documentos: [{ nombre: input.name, contenido: Buffer.from(input.pdf).toString('base64') }],
      },
      signedReply,
      this.timeouts.sign,
    );
    const doc = reply.documentos[0];
    if (!doc) throw new FeaError(undefined, 'the provider returned no document', 'unexpected');
    return {
      pdf: new Uint8Array(Buffer.from(doc.contenido, 'base64')),
      transactionCode: reply.codigoTransaccion,
      certificateSerial: reply.numeroSerieCertificado,
    };
  }

  async signHash(input: {
    rut: string;
    password: string;
    code: string;
    reference: string;
    sha256Hex: string;
  }): Promise<FeaSignedHash> {
    const reply = await this.call(
      'firmaHashFeaApi',
      {
        rut: input.rut,
        clave: input.password,
        codigoSegundoFactor: input.code,
        referencia: input.reference,
        hash: input.sha256Hex,
        algoritmo: 'SHA-256',
      },
      hashReply,
      this.timeouts.sign,
    );
    return {
      cms: new Uint8Array(Buffer.from(reply.pkcs7, 'base64')),
      transactionCode: reply.codigoTransaccion,
      certificateSerial: reply.numeroSerieCertificado,
    };
  }

  async unlockCertificate(input: { rut: string; returnUrl: string }) {
    const reply = await this.read(
      'desbloqueoCertificado',
      { rut: input.rut, urlRetorno: input.returnUrl },
      linkReply('urlDesbloqueo'),
    );
    return { url: String(reply.urlDesbloqueo) };
  }

  async unlockSecondFactor(input: { rut: string; returnUrl: string }) {
    const reply = await this.read(
      'desbloqueoSegundoFactor',
      { rut: input.rut, urlRetorno: input.returnUrl },
      linkReply('urlDesbloqueo'),
    );
    return { url: String(reply.urlDesbloqueo) };
  }

  async recover(input: {
    rut: string;
    documentNumber: string;
    returnUrl: string;
    sendMail: boolean;
    kind: 'certificado' | 'segundo_factor';
  }) {
    const reply = await this.read(
      'recuperarClave',
      {
        rut: input.rut,
        numDocumento: input.documentNumber,
        urlRetorno: input.returnUrl,
        enviarMail: input.sendMail,
        tipoRecuperacion: input.kind,
      },
      recoveryReply,
    );
    return { message: reply.mensaje ?? '', url: reply.urlRecuperacion ?? undefined };
  }

  /** A read: retried once when the provider was down or slow (it changes nothing). */
  private async read<S extends z.ZodMiniType>(
    path: string,
    body: unknown,
    shape: S,
  ): Promise<z.infer<S>> {
    try {
      return await this.call(path, body, shape, this.timeouts.read);
    } catch (err) {
      if (!(err instanceof FeaError) || !err.transient) throw err;
      return this.call(path, body, shape, this.timeouts.read);
    }
  }

  private async call<S extends z.ZodMiniType>(
    path: string,
    body: unknown,
    shape: S,
    timeoutMs: number,
  ): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-api-key': this.config.apiKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new FeaError(undefined, `${path}: no answer in ${timeoutMs} ms`, 'timeout');
      }
      throw new FeaError(FEA_CODES.unavailable, `${path}: provider unreachable`, 'unavailable');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw res.status >= 500
        ? new FeaError(FEA_CODES.unavailable, `${path}: HTTP ${res.status}`, 'unavailable')
        : new FeaError(undefined, `${path}: HTTP ${res.status}, unreadable reply`, 'unexpected');
    }
    const head = failure.safeParse(json);
    if (!head.success) throw new FeaError(undefined, `${path}: unreadable reply`, 'unexpected');
    if (head.data.estado !== 'OK') {
      const code = Number(head.data.errorCode);
      if (!Number.isFinite(code)) {
        throw res.status >= 500
          ? new FeaError(FEA_CODES.unavailable, `${path}: HTTP ${res.status}`, 'unavailable')
          : new FeaError(undefined, `${path}: FAIL without a code`, 'unexpected');
      }
      // The provider's message is kept for the logs; the signer sees our Spanish text.
      throw new FeaError(code, head.data.mensaje ?? '', undefined, head.data.intentosRestantes);
    }
    const parsed = shape.safeParse(json);
    if (!parsed.success) throw new FeaError(undefined, `${path}: unexpected reply`, 'unexpected');
    return parsed.data as z.infer<S>;
  }
}
