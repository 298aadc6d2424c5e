import type { ComponentPropsWithRef } from 'react';
import type { CountryService } from '../../../../shared/contract/catalog';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { SelectField } from '../../components/ui/SelectField';
import type { SignerTypeRules } from './wizardRules';

/** What step 3 knows about the signers' types (issue 23). */
export interface SignerTypeChoice {
  /** The types a signer may choose now (delivered, allowed by the notarial choice). */
  options: readonly CountryService[];
  /** Step 2's type: every signer's unless they choose another. */
  requestSignatureId: string | null;
  /** The notary-authorized option: every signer signs with 'FES + Clave Única'. */
  forced: boolean;
  rules: SignerTypeRules;
}

/** The type a signer signs with, as the catalogue names it (their own, else step 2's). */
export function signerTypeName(
  choice: SignerTypeChoice,
  ownId: string | null | undefined,
): string | undefined {
  const id = ownId || choice.requestSignatureId;
  return choice.options.find((o) => o.id === id)?.name;
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children' | 'size'>;

/**
 * 'Tipo de firma' of one signer: the country's types with their price, step 2's marked as the
 * default. The value is a service id; choosing step 2's means "no type of their own"
 * (wizardRules.ts withSignerType).
 */
export function SignerTypeSelect({
  choice,
  error,
  label = es.wizard.signerType,
  hint,
  ...select
}: SelectProps & { choice: SignerTypeChoice; error?: string; label?: string; hint?: string }) {
  return (
    <SelectField label={label} hint={hint} error={error} {...select}>
      {choice.options.map((o) => (
        <option key={o.id} value={o.id}>
          {fmt(
            o.id === choice.requestSignatureId
              ? es.wizard.signerTypeOptionDefault
              : es.wizard.signerTypeOption,
            {
              name: o.name,
              price: formatMoney(o.price, o.currency_code),
            },
          )}
        </option>
      ))}
    </SelectField>
  );
}
