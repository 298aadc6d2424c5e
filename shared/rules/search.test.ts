import { describe, expect, it } from 'vitest';
import { searchable } from './search.js';

describe('searchable', () => {
  it('folds accents and case the same way on both sides', () => {
    expect(searchable('ÁÉÍÓÚ Ñandú')).toBe('aeiou nandu');
    expect(searchable('Notaría FUENTES')).toBe('notaria fuentes');
  });
});
