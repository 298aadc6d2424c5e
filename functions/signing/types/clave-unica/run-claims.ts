import { isValidRut } from '../../../../shared/rules/rut.js';

/**
 * The verified identity an OpenID provider returns for FES + Clave Única (issue 23;
 * ../shared/notes/claveunica-and-identity.md). ClaveÚnica's userinfo carries
 * `RolUnico {numero: number, DV: string, tipo: 'RUN'}` and `name {nombres[], apellidos[]}`;
 * an accredited intermediary standing in for it (a private company cannot always get
 * ClaveÚnica credentials) may return a plain `run` claim ("12345678-5") instead. The manual:
 * key users on the RUN, never on `sub`.
 */
export interface VerifiedRun {
  /** "44444444-4": digits, hyphen, check digit (K upper-case). */
  run: string;
  /** The names as the provider gives them (joined, spaces normalised). */
  name: string;
}

export function runFromClaims(claims: Record<string, unknown>): VerifiedRun | undefined {
  const rol = claims.RolUnico as { numero?: unknown; DV?: unknown; tipo?: unknown } | undefined;
  let run: string | undefined;
  if (rol && (typeof rol.numero === 'number' || typeof rol.numero === 'string')) {
    run = `${String(rol.numero).replace(/\D/g, '')}-${String(rol.DV ?? '').toUpperCase()}`;
    if (rol.tipo !== undefined && rol.tipo !== 'RUN') return undefined;
  } else if (typeof claims.run === 'string') {
    run = claims.run.replace(/[.\s]/g, '').toUpperCase();
  }
  if (!run || !isValidRut(run)) return undefined;
  const n = claims.name as { nombres?: unknown; apellidos?: unknown } | string | undefined;
  const parts =
    typeof n === 'string'
      ? [n]
      : [
          ...(Array.isArray(n?.nombres) ? n.nombres : []),
          ...(Array.isArray(n?.apellidos) ? n.apellidos : []),
        ];
  return { run, name: parts.map(String).join(' ').replace(/\s+/g, ' ').trim() };
}

/** The same person: RUN and RUT compared without dots, spaces or the hyphen, K upper-case. */
export const sameRun = (a: string, b: string) =>
  a.replace(/[.\s-]/g, '').toUpperCase() === b.replace(/[.\s-]/g, '').toUpperCase();
