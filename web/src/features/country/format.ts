/**
 * Money and credit formatting for components (spec §9): the country's currency code with locale
 * es-ES, a euro sign without a currency, credit balances with es-CL grouping.
 */
export { formatCredits, formatMoney, minorDigits } from '../../../../shared/rules/currency';
