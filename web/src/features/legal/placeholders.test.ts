import { describe, expect, it } from 'vitest';
import { privacyDocument, termsDocument } from '../../../../shared/messages/legal-pages.es';
import { splitPlaceholders } from './placeholders';

const KNOWN = new Set(['terms', 'privacy', 'settings', 'orders', 'privacyEmail', 'supportEmail']);

describe('legal texts', () => {
  it('are cut at their placeholders, text kept around them', () => {
    expect(splitPlaceholders('Lee la {privacy}, o escribe a {privacyEmail}.')).toEqual([
      { kind: 'text', text: 'Lee la ' },
      { kind: 'link', name: 'privacy', raw: '{privacy}' },
      { kind: 'text', text: ', o escribe a ' },
      { kind: 'link', name: 'privacyEmail', raw: '{privacyEmail}' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitPlaceholders('Sin enlaces')).toEqual([{ kind: 'text', text: 'Sin enlaces' }]);
  });

  it('name only placeholders the page knows how to link', () => {
    for (const doc of [termsDocument, privacyDocument]) {
      const texts = [
        ...doc.intro,
        ...doc.sections.flatMap((s) => [
          ...(s.paragraphs ?? []),
          ...(s.items ?? []),
          ...(s.after ?? []),
        ]),
      ];
      for (const text of texts) {
        for (const part of splitPlaceholders(text)) {
          if (part.kind === 'link')
            expect(KNOWN.has(part.name), `${part.raw} in ${doc.title}`).toBe(true);
        }
      }
    }
  });

  it('give the privacy policy every item the law asks for', () => {
    const all = JSON.stringify(privacyDocument);
    for (const words of [
      'Ley N° 19.628',
      'Ley N° 21.719',
      'Sello SpA',
      '{privacyEmail}',
      'acceso, rectificación, supresión, oposición, portabilidad y bloqueo',
      'Descargar mis datos',
      'Eliminar mi cuenta',
      'Agencia de Protección de Datos Personales',
      'Amazon Web Services',
      'Stripe',
      'fuera de Chile',
      '10 años',
      '30 días',
    ]) {
      expect(all).toContain(words);
    }
  });
});
