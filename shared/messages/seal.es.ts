/**
 * Texts printed in the sealed PDF: the signatures page and the certificate page(s)
 * (ISSUE-12 "The sealed PDF", docs/drafts/signing-design.md §5). All ours: the spec has no
 * certificate text. The seal job imports this file directly (not through `es`) so its bundle
 * carries only these strings. The word "PAdES" is deliberately absent (design note [Q11]).
 */
export const sealEs = {
  // Signatures page
  signaturesTitle: 'Firmas',
  signaturesIntro: 'Firmas electrónicas registradas para el pedido {order}.',
  signedOn: 'Firmado el {at}',
  // Certificate page
  certificateTitle: 'Certificado de firma electrónica',
  certificateSubtitle: 'Constancia de las firmas y del sello electrónico de este documento',
  certificateContinued: 'Certificado de firma electrónica (continuación)',
  sectionDocument: 'Documento',
  sectionSigners: 'Firmantes ({n})',
  orderNumber: 'Pedido',
  documentName: 'Documento',
  documentPages: '{n} páginas',
  documentPagesOne: '1 página',
  documentAttached: 'Archivo original adjunto a este PDF',
  originalSha256: 'SHA-256 del documento original',
  auditHead: 'Cadena de auditoría (último eslabón)',
  sealedAt: 'Sellado',
  verificationCode: 'Código de verificación',
  verifyAt: 'Verifica este documento en:',
  signerRut: 'RUT',
  /** A simple signature's RUT is the one the requester typed: Sello did not verify it. */
  signerRutDeclared: 'RUT declarado (no verificado)',
  signerEmail: 'Correo',
  signatureType: 'Tipo de firma',
  method: 'Forma',
  methodTyped: 'Nombre escrito',
  methodDrawn: 'Firma dibujada',
  codeSent: 'Código enviado',
  codeVerified: 'Código verificado',
  signedAt: 'Firmó',
  ip: 'IP',
  device: 'Dispositivo',
  none: '—',
  noRut: 'Sin RUT',
  pageOf: 'Página {n} de {total} del certificado',
  signatureTypes: {
    simple: 'Firma electrónica simple',
    advanced: 'Firma electrónica avanzada',
    clave_unica: 'FES + Clave Única',
    biometric: 'Firma biométrica',
  },
  // Ley 19.799 note (ours)
  legalTitle: 'Validez legal',
  legalSimple:
    'Las firmas de este documento son firmas electrónicas simples conforme a la Ley N° 19.799 ' +
    'sobre documentos electrónicos, firma electrónica y servicios de certificación de dicha firma.',
  legalMixed:
    'Las firmas de este documento son firmas electrónicas conforme a la Ley N° 19.799 sobre ' +
    'documentos electrónicos, firma electrónica y servicios de certificación de dicha firma; el ' +
    'tipo de cada una se indica junto al firmante.',
  // What a PDF reader actually detects (a DocMDP P=2 certification, seal-pdf.ts): later
  // signatures and form filling are allowed and shown as later; anything else breaks the seal.
  legalIntegrity:
    'La integridad del documento está protegida por el sello electrónico de la plataforma, una ' +
    'firma de certificación con sello de tiempo. Después del sellado solo se admite agregar ' +
    'firmas electrónicas (por ejemplo, la de un notario) o llenar campos de formulario, y un ' +
    'lector de PDF las muestra como posteriores al sello; cualquier otro cambio en el archivo ' +
    '(texto, páginas, imágenes o comentarios) invalida el sello.',
  legalVerify: 'Verifica su autenticidad en {url}',
  // Evidence PDF (Word originals)
  evidenceAttachmentNote:
    'El documento original ({name}) va adjunto a este PDF sin modificaciones; su SHA-256 es el ' +
    'indicado arriba. Ábrelo desde el panel de archivos adjuntos de tu lector de PDF.',
  attachmentDescription: 'Documento original firmado (SHA-256 {sha256})',
  // Evidence PDF beside a PDF an accredited provider signed (FEA)
  providerAttachmentNote:
    'El documento firmado con firma electrónica avanzada ({name}) va adjunto a este PDF sin ' +
    'modificaciones, con las firmas del prestador acreditado válidas; su SHA-256 es el indicado ' +
    'arriba. Ábrelo desde el panel de archivos adjuntos de tu lector de PDF.',
  providerTransaction: 'Transacción del proveedor',
  providerCertificate: 'Certificado (N° de serie)',
  methodProvider: 'Firma del prestador acreditado',
  // PDF signature dictionary
  sealReason: 'Sello electrónico de Sello con sello de tiempo (pedido {order})',
  sealLocation: 'Chile',
} as const;
