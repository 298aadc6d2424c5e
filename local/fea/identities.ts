/**
 * The emulator's test identities, enrolled at its first start (README: how to try each signature
 * type). Any other valid RUT is not enrolled: the signing screen sends it to the enrolment page,
 * where the signer chooses a password and gives a phone and an ID-card serial.
 */
export interface TestIdentity {
  rut: string;
  name: string;
  email: string;
  serial: string;
  phone: string;
  password: string;
}

export const FEA_TEST_IDENTITIES: readonly TestIdentity[] = [
  {
    rut: '11111111-1',
    name: 'Fernanda Avendaño Rojas',
    email: 'fea1@sello.test',
    serial: '100000001',
    phone: '+56 9 1111 1111',
    password: 'Clave1234',
  },
  {
    rut: '22222222-2',
    name: 'Tomás Ibáñez Soto',
    email: 'fea2@sello.test',
    serial: '100000002',
    phone: '+56 9 2222 2222',
    password: 'Clave1234',
  },
];
