import type { NotarizedAct } from '../../../../shared/contract/notarized';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { PdfSignatureList } from './PdfSignatureList';

/** "2026-11-29" → "29-11-2026", as Chilean documents write dates. */
const chileanDate = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A notarized order's act as recorded by its notary (repertorio, date, notary) with the
 * signatures of the delivered file: the notary's completed document and the customer's order.
 */
export function NotarizedActSummary({ act }: { act: NotarizedAct }) {
  return (
    <section className="notarized-act" aria-label={es.notarized.orderTitle}>
      <h3 className="pdf-signatures__title">{es.notarized.orderTitle}</h3>
      <p>
        {fmt(es.notarized.orderAct, {
          repertorio: act.repertorio,
          date: chileanDate(act.act_date),
          notary: act.notary_name,
        })}
      </p>
      <PdfSignatureList signatures={act.signatures} />
    </section>
  );
}
