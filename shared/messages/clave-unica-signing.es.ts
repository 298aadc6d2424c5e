/** FES + Clave Única on the signing screen (issue 23). Ours; the RUN rule is the spec's intent. */
export const claveUnicaSigningEs = {
  consentText:
    'Al continuar aceptas firmar este documento con firma electrónica simple, verificando tu identidad con ClaveÚnica conforme a la Ley N° 19.799. ClaveÚnica nos informará tu RUN, que debe coincidir con el RUT indicado para ti; registraremos ese RUN, el identificador del proveedor, la fecha, la hora, tu dirección IP y tu navegador como evidencia.',
  loginTitle: 'Identifícate con ClaveÚnica',
  loginDescription:
    'Para firmar, confirma tu identidad con ClaveÚnica. Volverás a esta página al terminar.',
  login: 'Ingresar con ClaveÚnica',
  verified: 'Identidad verificada con ClaveÚnica (RUN {run}).',
  mismatch:
    'El RUN de tu ClaveÚnica ({run}) no coincide con el RUT indicado para ti en este pedido. Ingresa con tu propia ClaveÚnica o pide a quien te envió el documento que corrija tu RUT.',
  failed: 'No pudimos verificar tu identidad con ClaveÚnica. Intenta de nuevo.',
  noRut:
    'Para firmar con ClaveÚnica necesitamos tu RUT, y este pedido no lo tiene. Pide a quien te envió el documento que lo corrija.',
  unavailable: 'ClaveÚnica no respondió. Intenta de nuevo en unos minutos.',
} as const;
