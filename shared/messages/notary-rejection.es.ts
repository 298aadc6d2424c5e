/**
 * Texts of the notary's decision 'reject' (issue 22; ours, the spec does not show it; the
 * reasons follow ../shared/notes/notarial-practice.md "The decision"). The web reads
 * `es.notaryRejection`.
 */
export const notaryRejectionEs = {
  title: 'Rechazar',
  intro:
    'Si no puedes realizar el servicio notarial, recházalo con su motivo. El cliente será avisado y se le devolverá la parte notarial de lo que pagó; sus firmas ya entregadas se mantienen.',
  reasonLabel: 'Motivo',
  reasons: {
    identity_not_proven: 'No se pudo acreditar la identidad de un firmante',
    personal_appearance: 'El acto requiere comparecencia personal ante notario',
    not_notarizable: 'El acto no se puede autorizar en línea (actos de familia o solemnidades)',
    illegible: 'El documento es ilegible o está incompleto',
    date_mismatch: 'La fecha del documento no coincide',
    wrong_city: 'La ciudad indicada en el documento no corresponde',
    other: 'Otro motivo',
  },
  detailLabel: 'Explicación para el cliente',
  detailHint: 'Obligatoria si el motivo es «Otro motivo» (entre 10 y 1000 caracteres).',
  submit: 'Rechazar servicio notarial',
  submitting: 'Rechazando...',
  confirm:
    '¿Rechazar el servicio notarial? El cliente será avisado y se le devolverá la parte notarial del pago. No se puede deshacer.',
  done: 'Servicio notarial rechazado: el cliente fue avisado.',
  reasonInvalid: 'Elige el motivo del rechazo.',
  detailInvalid: 'Explica el motivo al cliente (entre 10 y 1000 caracteres).',
  // The customer's notice and order modal.
  mailSubject: 'La notaría no pudo realizar el servicio notarial de tu pedido {number}',
  mailGreeting: 'Hola {name}:',
  mailBody:
    '{notary} revisó tu pedido {number} ({service}) del documento «{document}» y no pudo realizar el servicio notarial. Motivo: {reason}.{detail} {refund} Tus firmas y el documento firmado se mantienen válidos.',
  mailRefundCard: 'Te devolvemos {amount} del servicio notarial a tu tarjeta.',
  mailRefundCredits: 'Te devolvemos {credits} créditos del servicio notarial a tu cuenta.',
  mailRefundNone: '',
  mailAction: 'Ver mis pedidos',
  mailNote: 'Si tienes dudas, responde en el chat del pedido o escríbenos.',
  orderTitle: 'Servicio notarial rechazado',
  orderReason: 'Motivo: {reason}',
  orderRefundCard: 'Devolución: {amount} a tu tarjeta.',
  orderRefundCredits: 'Devolución: {credits} créditos a tu cuenta.',
} as const;

export type RejectionReason = keyof typeof notaryRejectionEs.reasons;
export const REJECTION_REASONS = Object.keys(notaryRejectionEs.reasons) as RejectionReason[];
