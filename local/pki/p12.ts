import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * A password-protected PKCS#12 (the format a commercial CA hands out and Secrets Manager holds
 * in AWS) for the local seal certificate: the key in a shrouded bag (PBES2, AES-256-CBC),
 * the certificates in clear, a SHA-256 password MAC over the whole. The leaf certificate
 * comes first: @libpdf/core's P12Signer takes the first certificate as the signing one.
 */

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export async function buildP12(
  keyPkcs8: Uint8Array,
  certsDer: Uint8Array[],
  password: string,
): Promise<Uint8Array> {
  const pass = toAb(new TextEncoder().encode(password));
  const keyInfo = new pkijs.PrivateKeyInfo({ schema: asn1js.fromBER(toAb(keyPkcs8)).result });
  const certs = certsDer.map(
    (der) => new pkijs.Certificate({ schema: asn1js.fromBER(toAb(der)).result }),
  );
  // localKeyID ties the key to its certificate for tools that read it (openssl, browsers).
  const localKeyId = new pkijs.Attribute({
    type: '1.2.840.113549.1.9.21',
    values: [new asn1js.OctetString({ valueHex: toAb(new Uint8Array([1])) })],
  });
  const keyBag = new pkijs.SafeBag({
    bagId: '1.2.840.113549.1.12.10.1.2',
    bagValue: new pkijs.PKCS8ShroudedKeyBag({ parsedValue: keyInfo }),
    bagAttributes: [localKeyId],
  });
  const certBags = certs.map(
    (cert, i) =>
      new pkijs.SafeBag({
        bagId: '1.2.840.113549.1.12.10.1.3',
        bagValue: new pkijs.CertBag({ parsedValue: cert }),
        ...(i === 0 ? { bagAttributes: [localKeyId] } : {}),
      }),
  );
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            { privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [keyBag] }) },
            { privacyMode: 0, value: new pkijs.SafeContents({ safeBags: certBags }) },
          ],
        },
      }),
    },
  });
  await (keyBag.bagValue as pkijs.PKCS8ShroudedKeyBag).makeInternalValues({
    password: pass,
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256 } as never,
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: 2048,
  });
  await pfx.parsedValue?.authenticatedSafe?.makeInternalValues({ safeContents: [{}, {}] });
  await pfx.makeInternalValues({
    password: pass,
    iterations: 2048,
    pbkdf2HashAlgorithm: { name: 'SHA-256' },
    hmacHashAlgorithm: 'SHA-256',
  });
  return new Uint8Array(pfx.toSchema().toBER(false));
}
