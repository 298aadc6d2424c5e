import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { IssuedCert } from '../pki/certs.js';
import { type FeaAccount, passwordHashOf } from './accounts.js';
import { issueSignerCertificate, newProviderCa } from './certificates.js';
import { FEA_TEST_IDENTITIES } from './identities.js';

/** A page the provider sends a signer to (enrolment, unlock, recovery), valid for a while. */
export interface Ticket {
  kind:
    | 'enrol'
    | 'unlock_certificate'
    | 'unlock_second_factor'
    | 'recover_certificado'
    | 'recover_segundo_factor';
  rut: string;
  name?: string;
  email?: string;
  returnUrl: string;
  expiresAt: number;
}

/** One signature made, kept by its reference so a retry answers it instead of signing again. */
export interface SignedRecord {
  documentSha256: string;
  reply: Record<string, unknown>;
}

export interface SmsMessage {
  to: string;
  rut: string;
  text: string;
  at: string;
}

interface Saved {
  ca: { certDer: string; keyPkcs8: string };
  accounts: Record<string, FeaAccount>;
}

const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/**
 * The emulator's state: its CA and signers (saved to `file` when given, so a dev stack's
 * enrolments survive a restart) and what lives only while it runs: tickets, the SMS outbox,
 * signatures by reference.
 */
export class FeaStore {
  readonly tickets = new Map<string, Ticket>();
  readonly signed = new Map<string, SignedRecord>();
  /** Signatures being made, by the same key as `signed`. */
  readonly inflight = new Map<string, Promise<{ status: number; json: Record<string, unknown> }>>();
  readonly sms: SmsMessage[] = [];
  readonly mail: SmsMessage[] = [];

  private constructor(
    readonly ca: IssuedCert,
    readonly accounts: Map<string, FeaAccount>,
    private readonly file?: string,
  ) {}

  static async open(file?: string): Promise<FeaStore> {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
      return new FeaStore(
        { certDer: bytes(saved.ca.certDer), keyPkcs8: bytes(saved.ca.keyPkcs8) },
        new Map(Object.entries(saved.accounts)),
        file,
      );
    }
    const store = new FeaStore(await newProviderCa(), new Map(), file);
    for (const identity of FEA_TEST_IDENTITIES) {
      await store.enrol(identity);
    }
    return store;
  }

  /** A new certificate for a signer who proved who they are on the enrolment page. */
  async enrol(input: {
    rut: string;
    name: string;
    email: string;
    serial: string;
    phone: string;
    password: string;
  }): Promise<FeaAccount> {
    const cert = await issueSignerCertificate(this.ca, { rut: input.rut, name: input.name });
    const account: FeaAccount = {
      rut: input.rut,
      name: input.name,
      email: input.email,
      serial: input.serial,
      phone: input.phone,
      passwordHash: passwordHashOf(input.password),
      wrongPasswords: 0,
      certificateBlocked: false,
      wrongCodes: 0,
      secondFactorBlocked: false,
      certificate: {
        certDer: b64(cert.certDer),
        keyPkcs8: b64(cert.keyPkcs8),
        serialHex: cert.serialHex,
        notAfter: cert.notAfter.toISOString(),
      },
    };
    this.accounts.set(input.rut, account);
    this.save();
    return account;
  }

  /** Writes the CA and signers (after every change of an account). */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const saved: Saved = {
      ca: { certDer: b64(this.ca.certDer), keyPkcs8: b64(this.ca.keyPkcs8) },
      accounts: Object.fromEntries(this.accounts),
    };
    writeFileSync(this.file, JSON.stringify(saved));
  }
}
