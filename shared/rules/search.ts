/**
 * Text as the list searches compare it: without accents or case (Spanish rules), so 'notárial'
 * finds 'Notarial' and 'ACCION' finds 'Acción'. The orders history and the admin's organisations
 * fold both the needle and the fields with it.
 */
export const searchable = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');
