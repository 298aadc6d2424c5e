/**
 * Screen texts of the request wizard /firmar-documento (customer-flows §2.5, §4.1, §8).
 * Merged into `es` by ../messages.es.ts.
 */
export const wizardEs = {
  title: 'Firmar Documento',
  selectCountryTitle: 'Selecciona un país',
  selectCountryBody:
    'Para continuar, selecciona tu país en el selector de la parte superior. Los servicios y precios dependen del país.',
  backHome: 'Volver al inicio',
  countryBanner: 'País seleccionado: {name} ({currency})',
  steps: ['Documento', 'Servicios', 'Firmantes', 'Entrega'],
  next: 'Siguiente',
  previous: 'Anterior',
  quoteAndPay: 'Cotizar y Pagar',
  unexpected: 'Error inesperado. Inténtalo de nuevo.',
} as const;
