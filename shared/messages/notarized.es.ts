/**
 * Texts of the notary's decision 'notarize' (issue 22; ours, the spec does not show it): the
 * notarized PDF's upload and check, the act's data, the signatures found in the file, the
 * customer's delivery mail and the order modal's notarized file. The web reads `es.notarized`.
 */
export const notarizedEs = {
  // The form on the notary's document page.
  title: 'Notarizar',
  intro:
    'Sube el documento notarizado (PDF, hasta 10 MB) y los datos del acto. El cliente lo recibirá y el pedido quedará completado.',
  fileLabel: 'Documento notarizado (PDF)',
  drop: 'Arrastra aquí el PDF notarizado o haz clic para elegirlo',
  uploading: 'Subiendo y revisando el archivo...',
  replaceFile: 'Elegir otro archivo',
  repertorio: 'Número de repertorio',
  repertorioHint: 'Como figura en el repertorio de la notaría, por ejemplo 1234-2026.',
  actDate: 'Fecha del acto',
  notaryName: 'Notario',
  notaryNameHint: 'Nombre del notario o notaria que autoriza el acto.',
  submit: 'Notarizar y entregar',
  submitting: 'Entregando...',
  confirm:
    '¿Entregar este documento notarizado? El cliente lo recibirá por correo y el pedido quedará completado.',
  done: 'Documento notarizado y entregado al cliente.',
  // What the check found in the uploaded file.
  fileChecked: '{name} · {pages} · {size}',
  pageOne: '1 página',
  pagesMany: '{n} páginas',
  signaturesTitle: 'Firmas digitales del PDF',
  signaturesNone: 'El PDF no contiene firmas digitales.',
  signatureValid: 'Firma íntegra',
  signatureInvalid: 'Firma no válida',
  signatureTimestamp: 'Sello de tiempo',
  signatureUnknownSigner: 'Firmante sin nombre legible',
  signatureEarlier: 'Cubre una versión anterior del archivo',
  signatureAt: 'el {date}',
  signaturesNote:
    'Se comprueba que cada firma corresponde al archivo y a su certificado; la acreditación del certificado no se verifica aquí.',
  signatureProblems: {
    byte_range: 'La firma no cubre el archivo como debe.',
    digest_mismatch: 'El archivo cambió después de firmarse.',
    bad_signature: 'La firma no corresponde a su certificado.',
    unreadable: 'La firma no se puede leer.',
  },
  // The API's answers.
  notPdf: 'El documento notarizado debe ser un PDF.',
  tooLarge: 'El archivo supera el máximo de 10 MB.',
  empty: 'El archivo está vacío.',
  notUploaded: 'El archivo aún no se ha subido. Súbelo de nuevo.',
  encrypted:
    'El PDF está protegido con contraseña. Guárdalo sin contraseña (o imprímelo a PDF) y súbelo de nuevo.',
  unreadable: 'No pudimos leer este PDF. Guárdalo de nuevo como PDF y vuelve a subirlo.',
  tooComplex: 'El PDF es demasiado complejo para revisarlo. Guárdalo de nuevo como PDF y súbelo.',
  uploadUnknown: 'No encontramos ese archivo: súbelo de nuevo.',
  checking: 'Estamos revisando este archivo. Espera un momento y vuelve a intentarlo.',
  uploadLimit: 'Alcanzaste el máximo de archivos subidos por hoy. Intenta mañana.',
  repertorioInvalid:
    'Indica el número de repertorio (hasta 40 caracteres: letras, números, - y /).',
  actDateInvalid: 'Indica la fecha del acto (no puede ser futura ni anterior al pedido).',
  notaryNameInvalid: 'Indica el nombre del notario (entre 3 y 120 caracteres).',
  notDecidable: 'Este documento no está en revisión por tu notaría: tómalo antes de notarizar.',
  // The customer's delivery mail and order modal.
  mailSubject: 'Tu documento notarizado está listo: {title}',
  mailGreeting: 'Hola {name}:',
  mailBody:
    '{notary} notarizó el documento «{document}» de tu pedido {number} (repertorio {repertorio}, {date}). Descárgalo con este enlace personal; vence en 30 días.',
  mailAction: 'Descargar documento notarizado',
  mailNote: 'El documento firmado y sellado se puede verificar en {verify}.',
  orderTitle: 'Documento notarizado',
  orderAct: 'Repertorio {repertorio} · {date} · {notary}',
  orderDownload: 'Descargar documento notarizado',
} as const;
