/**
 * The public pages for sealed documents: /verificar (check a code and a file) and /descargar
 * (a delivery mail's personal link). The server's own refusals (unknown code, expired link)
 * live in signing.es.ts next to the handlers that send them.
 */
export const verifyEs = {
  // /verificar
  pageTitle: 'Verificar documento',
  formTitle: 'Verificar un documento firmado',
  formHelp:
    'Escribe el código de verificación que aparece en el documento sellado o en el correo de entrega.',
  codeLabel: 'Código de verificación',
  codePlaceholder: 'XXXXX-XXXXX',
  codeInvalid: 'El código tiene 10 letras o números, por ejemplo 7K3QD-M2XPA.',
  submit: 'Verificar',
  loading: 'Buscando el documento...',
  sealedState: 'Documento sellado',
  sealedHelp:
    'Este documento fue firmado electrónicamente y sellado por Sello con sello de tiempo. Sus datos quedaron registrados así:',
  code: 'Código de verificación',
  orderNumber: 'Número de pedido',
  sealedAt: 'Fecha de sellado',
  signersTitle: 'Firmantes',
  signerName: 'Nombre',
  signerRut: 'RUT',
  signerRutDeclared: 'RUT declarado (no verificado)',
  signerType: 'Tipo de firma',
  signerDate: 'Fecha de firma',
  signerCertificate: 'Certificado del prestador (N° de serie)',
  signerTransaction: 'Transacción del prestador',
  noRut: '—',
  hashesTitle: 'Huellas digitales (SHA-256)',
  originalHash: 'Documento original',
  sealedHash: 'Documento sellado',
  fileTitle: 'Verificar archivo',
  fileHelp:
    'Elige el PDF que recibiste para comprobar que es exactamente el documento sellado. El archivo no se sube: la comprobación se hace en tu navegador.',
  fileButton: 'Elegir archivo',
  fileDrop: 'o arrástralo aquí',
  fileChecking: 'Calculando la huella de {name}...',
  fileMatch: 'El archivo corresponde al documento sellado',
  fileMatchHelp: '«{name}» es idéntico al documento sellado con este código.',
  fileOriginal: 'El archivo es el documento original, antes de la firma',
  fileOriginalHelp:
    '«{name}» es el documento que se subió para firmar, sin las firmas ni el sello. Descarga el documento sellado para tener la versión firmada.',
  fileMismatch: 'El archivo no corresponde al documento sellado',
  fileMismatchHelp:
    '«{name}» no es idéntico al documento sellado con este código: puede ser otro documento o una copia modificada.',
  fileReadError: 'No pudimos leer el archivo. Inténtalo de nuevo.',
  fileNoCrypto:
    'Tu navegador no permite calcular la huella del archivo. Prueba con un navegador actualizado.',
  fileHash: 'Huella del archivo: {hash}',
  otherCode: 'Verificar otro código',
  notFoundTitle: 'No pudimos verificar el código',
  retry: 'Reintentar',
  // The order modal, once the order is sealed
  signedFingerprint: 'Huella del documento firmado',
  signedFingerprintTitle: 'SHA-256 del documento firmado y sellado: {hash}',
  // /descargar
  downloadPageTitle: 'Descargar documento firmado',
  downloadLoading: 'Preparando la descarga...',
  downloadReady: 'Tu documento firmado está listo',
  downloadHelp: 'Si la descarga no empezó sola, usa el botón.',
  downloadFile: 'Archivo',
  downloadButton: 'Descargar documento firmado',
  downloadVerify: 'Verificar este documento',
  downloadErrorTitle: 'No pudimos preparar la descarga',
  downloadNoToken:
    'Este enlace no trae su código de descarga. Abre de nuevo el enlace del correo de entrega: por seguridad, esta página no lo guarda.',
} as const;
