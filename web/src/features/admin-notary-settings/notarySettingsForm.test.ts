import { describe, expect, it } from 'vitest';
import { listErrorMessage, toFormValues, toggleCode } from './notarySettingsForm';

const options = [{ code: 'a' }, { code: 'b' }, { code: 'c' }];

describe('the notary settings form', () => {
  it('keeps ticked codes in the order of the options', () => {
    expect(toggleCode([], 'c', true, options)).toEqual(['c']);
    expect(toggleCode(['c'], 'a', true, options)).toEqual(['a', 'c']);
    expect(toggleCode(['a', 'c'], 'a', false, options)).toEqual(['c']);
    expect(toggleCode(['a'], 'a', true, options)).toEqual(['a']);
  });

  it('keeps a stored code that is no longer offered, at the end', () => {
    expect(toggleCode(['old', 'b'], 'a', true, options)).toEqual(['a', 'b', 'old']);
  });

  it('starts from the stored settings without the load and the save time', () => {
    expect(
      toFormValues({
        services_offered: ['a'],
        regions: [],
        assignment_weight: 10,
        take_minutes: 240,
        process_minutes: 2880,
        max_open: 50,
        active: false,
        open_assignments: 3,
        updated_at: null,
      }),
    ).toEqual({
      services_offered: ['a'],
      regions: [],
      assignment_weight: 10,
      take_minutes: 240,
      process_minutes: 2880,
      max_open: 50,
      active: false,
    });
  });

  it("reads a list's error on the list or on an item", () => {
    expect(listErrorMessage(undefined)).toBeUndefined();
    expect(listErrorMessage({ type: 'server', message: 'Mal' })).toBe('Mal');
    expect(listErrorMessage({ 1: { type: 'custom', message: 'Item mal' } })).toBe('Item mal');
  });
});
