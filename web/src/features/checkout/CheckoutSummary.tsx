import { useId } from 'react';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { contractedItems } from '../../../../shared/rules/money';
import { FactList } from '../../components/facts/FactList';
import { Icon } from '../../components/layout-bits/icons';
import { deliveryLabel } from '../../lib/orderLabels';
import { creditsAlternative, serviceNote, signerTypeNames } from './checkoutRules';

/**
 * The summary panel (§2.7): order information, document, contracted services with the
 * per-signer note, signers, delivery and the total (IVA included) — all as the server quoted
 * them from the catalogue (`request.quote`); nothing here computes a price. The notarial
 * slot's "No, solo firma electrónica" is a choice, not a contracted service: not listed.
 */
export function CheckoutSummary({
  request,
  countryName,
}: {
  request: SigningRequest;
  countryName: string | undefined;
}) {
  const headingId = useId();
  const { quote } = request;
  const currency = quote.currency_code;
  const typeOf = signerTypeNames(request);
  return (
    <section className="checkout-summary ui-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="checkout-summary__title">
        {es.checkout.summaryTitle}
      </h2>

      <div className="checkout-summary__block">
        <h3 className="checkout-summary__label">{es.checkout.orderInfo}</h3>
        <FactList
          facts={[
            { label: es.checkout.requestNumber, value: request.request_number },
            {
              label: es.checkout.country,
              value: `${countryName ?? request.country_id} (${currency})`,
            },
            {
              label: es.checkout.document,
              valueClassName: 'checkout-facts__document',
              value: (
                <>
                  <Icon name="fileText" size={16} />
                  <span>{request.document_name}</span>
                </>
              ),
            },
          ]}
        />
      </div>

      <div className="checkout-summary__block">
        <h3 className="checkout-summary__label">{es.checkout.services}</h3>
        <ul className="checkout-items">
          {contractedItems(quote.items).map((item) => (
            <li key={item.service_id} className="checkout-item">
              <div className="checkout-item__text">
                <span className="checkout-item__name">{item.name}</span>
                <span className="checkout-item__note">{serviceNote(item, currency)}</span>
              </div>
              <span className="checkout-item__price">{formatMoney(item.item_total, currency)}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="checkout-summary__block">
        <h3 className="checkout-summary__label">
          {es.checkout.signers} ({request.signers.length})
        </h3>
        {request.signers.length === 0 ? (
          <p className="checkout-summary__empty">{es.checkout.noSigners}</p>
        ) : (
          <ol className="checkout-signers">
            {request.signers.map((s) => (
              <li key={s.signer_index}>
                <span className="checkout-signers__name">
                  {s.first_name} {s.last_name}
                </span>
                <span className="checkout-signers__email">{s.email}</span>
                {typeOf ? (
                  <span className="checkout-signers__type">
                    {fmt(es.checkout.signerSignatureType, { type: typeOf(s) })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="checkout-summary__block">
        <h3 className="checkout-summary__label">{es.checkout.delivery}</h3>
        <p className="checkout-summary__delivery">
          <Icon name="send" size={16} />
          <span>{deliveryLabel(request.delivery_options)}</span>
        </p>
      </div>

      <div className="checkout-total">
        <span className="checkout-total__label">{es.checkout.total}</span>
        <span className="checkout-total__amount" data-testid="checkout-total">
          {formatMoney(quote.total, currency)}
        </span>
      </div>
      <p className="checkout-total__vat">{es.receipts.pricesVatIncluded}</p>
      {quote.credits_needed > 0 ? (
        <p className="checkout-total__credits">{creditsAlternative(quote.credits_needed)}</p>
      ) : null}
    </section>
  );
}
