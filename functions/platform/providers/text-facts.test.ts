import { describe, expect, it } from 'vitest';
import {
  countWords,
  findAmounts,
  findDates,
  findParties,
  findRuts,
  summarize,
  textFacts,
} from './text-facts.js';

describe('text facts', () => {
  it('finds RUTs with and without dots and checks their verification digit', () => {
    expect(
      findRuts('RUT 12.345.678-5, RUT 11111111-2 y 7.654.321-k; otra vez 12345678-5.'),
    ).toEqual([
      { text: '12.345.678-5', valid: true },
      { text: '11111111-2', valid: false },
      { text: '7.654.321-k', valid: false },
    ]);
    expect(findRuts('teléfono 2 2345 6789, folio 123-4')).toEqual([]);
  });

  it('finds numeric, ISO and written dates, only real ones, in order', () => {
    expect(
      findDates(
        'Firmado el 12 de marzo de 2025, vence el 05/04/2025 o el 2025-04-01; ' +
          'el 31/02/2025 no existe; el primero de enero del 2026.',
      ),
    ).toEqual(['12 de marzo de 2025', '05/04/2025', '2025-04-01', 'primero de enero del 2026']);
  });

  it('finds amounts in pesos, UF, euros and dollars, once each', () => {
    expect(
      findAmounts(
        'Renta $ 450.000; garantía UF 15,5; multa 1.000.000 CLP; honorarios € 1.200,50, ' +
          'USD 300 y 25 UF. De nuevo $ 450.000. RUT 12.345.678-5 no es un monto.',
      ),
    ).toEqual(['$ 450.000', 'UF 15,5', '1.000.000 CLP', '€ 1.200,50', 'USD 300', '25 UF']);
  });

  it('finds parties after don/doña, companies, and names in capitals in the clause naming them', () => {
    const text = [
      'CONTRATO DE PRESTACIÓN DE SERVICIOS',
      'En Santiago, comparecen don Juan Pérez Soto y doña MARÍA GONZÁLEZ LÓPEZ, en representación de',
      'CONSTRUCTORA DEL SUR LIMITADA, y por otra parte Servicios Integrales Andes SpA.',
      'PRIMERO: EL ARRENDADOR entrega el inmueble.',
    ].join('\n');
    expect(findParties(text)).toEqual([
      'Juan Pérez Soto',
      'MARÍA GONZÁLEZ LÓPEZ',
      'CONSTRUCTORA DEL SUR LIMITADA',
      'Servicios Integrales Andes SpA',
    ]);
  });

  it('summarises the first sentences of the prose, leaving headings out', () => {
    const text =
      'CONTRATO DE ARRIENDO\nEl arrendador da en arriendo el inmueble de calle Los Aromos 123. ' +
      'La renta es de $ 450.000 mensuales. El contrato dura un año.';
    expect(summarize(text)).toBe(
      'El arrendador da en arriendo el inmueble de calle Los Aromos 123. La renta es de $ 450.000 mensuales. El contrato dura un año.',
    );
    const long = `${'palabra '.repeat(200)}final.`;
    const cut = summarize(long);
    expect(cut.length).toBeLessThanOrEqual(401);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('counts words that have letters or digits', () => {
    expect(countWords('Uno, dos — tres 4 ; ')).toBe(4);
    expect(textFacts('').words).toBe(0);
  });
});
