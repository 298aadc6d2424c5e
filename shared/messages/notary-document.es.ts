/**
 * Texts of the notary's document page (/notary-document/{id}; issue 22: the spec does not show
 * it). Ours. The web reads them as `es.notaryDocument`.
 */
export const notaryDocumentEs = {
  back: 'Volver al dashboard',
  loadError: 'No pudimos cargar el documento. Intenta de nuevo.',
  notFound: 'No encontramos esa asignación en tu notaría.',
  service: 'Servicio',
  status: 'Estado',
  assignedAt: 'Asignado',
  takeDue: 'Plazo para tomar',
  processDue: 'Plazo para procesar',
  title: 'Título del pedido',
  document: 'Documento',
  files: 'Archivos',
  fileOriginal: 'Documento original',
  fileSigned: 'Documento firmado y sellado',
  verification: 'Código de verificación',
  signers: 'Firmantes',
  signerSigned: 'Firmó el {date}',
  signerPending: 'Sin firmar',
  activity: 'Historial del pedido',
  decision: 'Decisión',
  decisionIntro:
    'Revisa el documento, sus firmantes y su historial. Si necesitas algo del cliente, escríbele en el chat.',
  startReview: 'Iniciar revisión',
  approve: 'Aprobar',
  approving: 'Aprobando...',
  approveConfirm:
    '¿Aprobar este pedido? El cliente recibirá el aviso y el pedido quedará completado.',
  approved: 'Pedido aprobado: el cliente fue avisado.',
  decided: 'Este pedido ya fue resuelto: {status}.',
  takeFirst: 'Toma el documento para revisarlo y decidir.',
  actionError: 'No se pudo completar la acción.',
} as const;
