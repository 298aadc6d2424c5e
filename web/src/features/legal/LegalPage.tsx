import { Fragment, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LEGAL_PATHS, legalDateText, PRIVACY_EMAIL, SUPPORT } from '../../../../shared/legal';
import type { LegalDocument } from '../../../../shared/messages/legal-pages.es';
import { es, fmt } from '../../../../shared/messages.es';
import { Card } from '../../components/ui';
import { splitPlaceholders } from './placeholders';
import './legal.css';

/** What each placeholder of the documents' texts becomes (shared/messages/legal-pages.es.ts). */
const LINKS: Record<string, ReactNode> = {
  terms: <Link to={LEGAL_PATHS.terms}>{es.legal.termsTitle}</Link>,
  privacy: <Link to={LEGAL_PATHS.privacy}>{es.legal.privacyTitle}</Link>,
  settings: <Link to="/settings">{es.nav.settings}</Link>,
  orders: <Link to="/mis-pedidos">{es.nav.orders}</Link>,
  privacyEmail: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>,
  supportEmail: <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>,
};

function LegalText({ text }: { text: string }) {
  return (
    <>
      {splitPlaceholders(text).map((part, i) => (
        // The parts of one fixed text never move: their index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={i}>
          {part.kind === 'text' ? part.text : (LINKS[part.name] ?? part.raw)}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A legal document as a readable page: title, version and date, a table of contents, then its
 * numbered sections. Static content, open to everyone (no gate, no account: app/paths.ts).
 */
export function LegalPage({
  document: doc,
  version,
  date,
}: {
  document: LegalDocument;
  version: string;
  date: string;
}) {
  const tocId = useId();
  return (
    <div className="page legal-page">
      <title>{`${doc.title} · ${es.layout.brand}`}</title>
      <Card as="article" padding="lg" className="legal-card">
        <header className="legal-header">
          <h1>{doc.title}</h1>
          <p className="legal-version">
            {fmt(es.legal.versionLine, { version, date: legalDateText(date) })}
          </p>
          {doc.intro.map((p) => (
            <p key={p}>
              <LegalText text={p} />
            </p>
          ))}
        </header>
        <nav className="legal-toc" aria-labelledby={tocId}>
          <h2 id={tocId}>{es.legal.contents}</h2>
          <ol>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-h`}>
            <h2 id={`${s.id}-h`}>{s.heading}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p}>
                <LegalText text={p} />
              </p>
            ))}
            {s.items ? (
              <ul>
                {s.items.map((item) => (
                  <li key={item}>
                    <LegalText text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
            {s.after?.map((p) => (
              <p key={p}>
                <LegalText text={p} />
              </p>
            ))}
          </section>
        ))}
        <p className="legal-print">{es.legal.printHint}</p>
      </Card>
    </div>
  );
}
