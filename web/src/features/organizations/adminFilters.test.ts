import { describe, expect, it } from 'vitest';
import { ORGANIZATION_SEARCH_MAX } from '../../../../shared/rules/admin-organizations';
import { filtersOf, listQueryOf, searchText, typeFilterOf, withFilters } from './adminFilters';

describe('filtersOf', () => {
  it('reads the search and the type from the address', () => {
    expect(filtersOf(new URLSearchParams('q=Notar%C3%ADa+Sur&type=notary'))).toEqual({
      q: 'Notaría Sur',
      type: 'notary',
    });
    expect(filtersOf(new URLSearchParams('type=company'))).toEqual({ q: '', type: 'company' });
  });

  it('shows everything for a missing or unknown type, and trims the search', () => {
    expect(filtersOf(new URLSearchParams(''))).toEqual({ q: '', type: 'all' });
    expect(filtersOf(new URLSearchParams('q=++andes++&type=notaria'))).toEqual({
      q: 'andes',
      type: 'all',
    });
    expect(typeFilterOf('Notary')).toBe('all');
    expect(typeFilterOf(null)).toBe('all');
    expect(typeFilterOf('all')).toBe('all');
  });

  it('cuts a search to what the server takes', () => {
    const long = 'a'.repeat(ORGANIZATION_SEARCH_MAX + 20);
    expect(searchText(long)).toHaveLength(ORGANIZATION_SEARCH_MAX);
    expect(searchText(`  ${'b'.repeat(ORGANIZATION_SEARCH_MAX - 1)} x`)).toBe(
      'b'.repeat(ORGANIZATION_SEARCH_MAX - 1),
    );
    expect(searchText(undefined)).toBe('');
  });
});

describe('withFilters', () => {
  it('writes a search and a type, and drops them at their defaults', () => {
    const one = withFilters(new URLSearchParams(''), { q: ' fuentes ', type: 'notary' });
    expect(one.toString()).toBe('q=fuentes&type=notary');
    const two = withFilters(one, { q: '   ' });
    expect(two.toString()).toBe('type=notary');
    expect(withFilters(two, { type: 'all' }).toString()).toBe('');
  });

  it('keeps what else the address carries and what is not changed', () => {
    const params = new URLSearchParams('q=sur&ref=menu');
    expect(withFilters(params, { type: 'company' }).toString()).toBe('q=sur&ref=menu&type=company');
    expect(params.toString()).toBe('q=sur&ref=menu');
  });

  it('reads back what it wrote', () => {
    const filters = { q: 'Inmobiliaria', type: 'company' } as const;
    expect(filtersOf(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('listQueryOf', () => {
  it('asks without q when there is no search', () => {
    expect(listQueryOf({ q: '', type: 'all' })).toEqual({ type: 'all' });
    expect(listQueryOf({ q: 'sur', type: 'notary' })).toEqual({ q: 'sur', type: 'notary' });
  });
});
