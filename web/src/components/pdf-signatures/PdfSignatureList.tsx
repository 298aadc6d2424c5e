import type { PdfSignature } from '../../../../shared/contract/notarized';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import '../../styles/status-badge.css';
import './pdf-signatures.css';

const t = es.notarized;

/**
 * The PDF signatures found in a notarized file, each with its signer, its time and whether it
 * validates (the notary's check before delivering, the customer's order modal). What "valid"
 * covers is said under the list: integrity and the certificate's signature, not its
 * accreditation.
 */
export function PdfSignatureList({ signatures }: { signatures: PdfSignature[] }) {
  return (
    <section className="pdf-signatures" aria-label={t.signaturesTitle}>
      <h3 className="pdf-signatures__title">{t.signaturesTitle}</h3>
      {signatures.length === 0 ? (
        <p className="pdf-signatures__none">{t.signaturesNone}</p>
      ) : (
        <ul className="pdf-signatures__list">
          {signatures.map((s, i) => (
            // Signatures have no id of their own; their order in the file is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's order is the identity
            <li key={i} className="pdf-signatures__item">
              <span className={`status-badge status-badge--${s.valid ? 'success' : 'error'}`}>
                {s.valid ? t.signatureValid : t.signatureInvalid}
              </span>
              <span className="pdf-signatures__who">
                {s.kind === 'timestamp' ? `${t.signatureTimestamp}: ` : ''}
                {s.signer_name ?? t.signatureUnknownSigner}
                {s.signed_at
                  ? ` ${fmt(t.signatureAt, { date: formatSantiagoDateTime(s.signed_at) })}`
                  : ''}
              </span>
              {s.problem ? (
                <span className="pdf-signatures__note">{t.signatureProblems[s.problem]}</span>
              ) : !s.covers_whole_file ? (
                <span className="pdf-signatures__note">{t.signatureEarlier}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="pdf-signatures__scope">{t.signaturesNote}</p>
    </section>
  );
}
