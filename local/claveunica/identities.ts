/**
 * ClaveÚnica's test identities (../shared/notes/claveunica-and-identity.md): its sandbox accepts
 * only these four RUNs, all with the password `testing`. The `sub` the provider issues is not
 * the RUN (the manual: key users on RolUnico.numero, never on sub).
 */
export interface ClaveUnicaIdentity {
  sub: string;
  numero: number;
  dv: string;
  nombres: string[];
  apellidos: string[];
}

export const CLAVEUNICA_TEST_PASSWORD = 'testing';

export const CLAVEUNICA_TEST_IDENTITIES: readonly ClaveUnicaIdentity[] = [
  {
    sub: '2594',
    numero: 44444444,
    dv: '4',
    nombres: ['María', 'Carmen'],
    apellidos: ['De los Ángeles', 'González'],
  },
  {
    sub: '2595',
    numero: 55555555,
    dv: '5',
    nombres: ['José', 'Tomás'],
    apellidos: ['Pérez', 'Soto'],
  },
  { sub: '2598', numero: 88888888, dv: '8', nombres: ['Ana'], apellidos: ['Rojas', 'Muñoz'] },
  {
    sub: '2599',
    numero: 99999999,
    dv: '9',
    nombres: ['Luis', 'Alberto'],
    apellidos: ['Díaz', 'Vera'],
  },
];

/** "44.444.444-4", "44444444-4" or "444444444" → the identity, if it is one of the four. */
export function identityOfRun(typed: string): ClaveUnicaIdentity | undefined {
  const compact = typed.replace(/[.\s-]/g, '').toUpperCase();
  return CLAVEUNICA_TEST_IDENTITIES.find((i) => `${i.numero}${i.dv}` === compact);
}
