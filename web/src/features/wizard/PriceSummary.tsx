import { useId } from 'react';
import type { ServicesCatalog } from '../../../../shared/contract/catalog';
import type { Country } from '../../../../shared/contract/countries';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import type { TypedSigner } from '../../../../shared/rules/signer-types';
import { estimate, type ServiceSelection } from './wizardRules';

/**
 * The summary with the estimated total (§2.5, §9): one line per service, the signature types
 * one line each with their signers (issue 23: "Firma ... × n firmantes"), from the catalogue
 * with the server's own pricing function. Step 2 shows it, and step 3 where types are chosen.
 */
export function PriceSummary({
  country,
  catalog,
  selection,
  signers,
}: {
  country: Country;
  catalog: ServicesCatalog;
  selection: ServiceSelection;
  signers: readonly TypedSigner[];
}) {
  const headingId = useId();
  const currency = catalog.currency_code;
  const { items, total } = estimate(catalog, selection, signers);
  const counted = Math.max(1, signers.length);
  return (
    <aside className="price-summary" aria-labelledby={headingId}>
      <h3 id={headingId} className="price-summary__title">
        {es.wizard.summaryTitle}
      </h3>
      {items.length === 0 ? (
        <p className="muted">{es.wizard.summaryEmpty}</p>
      ) : (
        <ul className="price-summary__items">
          {items.map((item) => (
            <li key={item.service_id} className="price-summary__item">
              <span className="price-summary__name">
                {item.name}
                {item.pricing_model === 'per_signer' ? (
                  <span className="price-summary__qty">
                    {fmt(
                      item.quantity === 1
                        ? es.wizard.summaryQuantityOne
                        : es.wizard.summaryQuantity,
                      {
                        price: formatMoney(item.unit_price, currency),
                        n: item.quantity,
                      },
                    )}
                  </span>
                ) : null}
              </span>
              <span className="price-summary__amount">
                {formatMoney(item.item_total, currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="price-summary__total">
        <span>{es.wizard.estimatedTotal}</span>
        <strong>{formatMoney(total, currency)}</strong>
      </p>
      <p className="price-summary__note">{es.receipts.pricesVatIncluded}</p>
      <p className="price-summary__note">
        {counted === 1
          ? es.wizard.summarySignersOne
          : fmt(es.wizard.summarySigners, { n: counted })}
      </p>
      <div className="price-summary__info">
        <p className="price-summary__info-title">{es.wizard.pricingInfoTitle}</p>
        <ul>
          {es.wizard.pricingInfo.map((line) => (
            <li key={line}>{fmt(line, { currency, country: country.name })}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
