import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import {
  chatPath,
  decidePath,
  documentPath,
  groupOfTab,
  minutesText,
  namesOf,
  overdueBannerText,
  regionText,
  statusTone,
  tabOf,
} from './dashboardRules';

describe('the notary dashboard rules', () => {
  it('reads the tab from the URL, pending by default', () => {
    expect(tabOf(null)).toBe('pending');
    expect(tabOf('processing')).toBe('processing');
    expect(tabOf('completed')).toBe('completed');
    expect(tabOf('metrics')).toBe('metrics');
    expect(tabOf('otra')).toBe('pending');
    expect(groupOfTab('metrics')).toBeNull();
    expect(groupOfTab('completed')).toBe('completed');
  });

  it("shows minutes, or 'Pendiente' while the step has not happened", () => {
    expect(minutesText(null)).toBe('Pendiente');
    expect(minutesText(0)).toBe('0 min');
    expect(minutesText(1500)).toBe('1.500 min');
  });

  it('words the overdue banner for one and for several, and hides it at zero', () => {
    expect(overdueBannerText(0)).toBeNull();
    expect(overdueBannerText(1)).toBe(es.notary.overdueBannerOne);
    expect(overdueBannerText(3)).toMatch(/^Tienes 3 documentos atrasados\./);
  });

  it('gives each status a tone', () => {
    expect(statusTone('assigned')).toBe('warning');
    expect(statusTone('taken')).toBe('info');
    expect(statusTone('in_review')).toBe('info');
    expect(statusTone('notarized')).toBe('success');
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('rejected')).toBe('error');
    expect(statusTone('reassigned')).toBe('muted');
  });

  it("names services and regions, 'Todo el país' without regions", () => {
    const regions = [
      { code: 'CL-AP', name: 'Arica y Parinacota' },
      { code: 'CL-RM', name: 'Metropolitana de Santiago' },
    ];
    expect(regionText([], regions)).toBe('Todo el país');
    expect(regionText(['CL-RM', 'CL-AP'], regions)).toBe(
      'Arica y Parinacota, Metropolitana de Santiago',
    );
    expect(namesOf(['x', 'copia'], [{ code: 'copia', name: 'Copia legalizada' }])).toEqual([
      'Copia legalizada',
      'x',
    ]);
  });

  it('links the document page, its chat and the decision', () => {
    expect(documentPath('abc')).toBe('/notary-document/abc');
    expect(chatPath('abc')).toBe('/notary-document/abc#chat');
    expect(decidePath('abc')).toBe('/notary-document/abc?action=decide');
  });
});
