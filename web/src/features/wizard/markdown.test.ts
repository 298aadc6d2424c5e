import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('markdown reader', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    const blocks = parseMarkdown(
      [
        '# Análisis',
        '',
        'El documento es un **contrato** de',
        'arriendo.',
        '',
        '## Partes',
        '- Juan Pérez, RUT 12345678-5',
        '* María Soto',
        '',
        '1. Firmar',
        '2) Notarizar',
        '   con notario',
        '---',
        'Fin',
      ].join('\r\n'),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Análisis' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'El documento es un ' },
          { type: 'strong', children: [{ type: 'text', text: 'contrato' }] },
          { type: 'text', text: ' de arriendo.' },
        ],
      },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Partes' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'text', text: 'Juan Pérez, RUT 12345678-5' }],
          [{ type: 'text', text: 'María Soto' }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [
          [{ type: 'text', text: 'Firmar' }],
          [{ type: 'text', text: 'Notarizar con notario' }],
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'Fin' }] },
    ]);
  });

  it('reads bold, italics and code, and leaves snake_case and lone stars alone', () => {
    expect(parseInline('a *b* _c_ `d` __e__ f_g_h 2 * 3')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'em', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'd' },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'e' }] },
      { type: 'text', text: ' f_g_h 2 * 3' },
    ]);
    expect(parseInline('**negrita con *cursiva* dentro**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'negrita con ' },
          { type: 'em', children: [{ type: 'text', text: 'cursiva' }] },
          { type: 'text', text: ' dentro' },
        ],
      },
    ]);
  });

  it('keeps markup as text: there is no HTML node at all', () => {
    const blocks = parseMarkdown('<img src=x onerror=alert(1)> **<b>hola</b>**');
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '<img src=x onerror=alert(1)> ' },
          { type: 'strong', children: [{ type: 'text', text: '<b>hola</b>' }] },
        ],
      },
    ]);
  });

  it('gives nothing for an empty answer', () => {
    expect(parseMarkdown('  \n\n ')).toEqual([]);
  });
});
