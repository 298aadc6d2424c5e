/**
 * The advanced electronic signature's own pages (credits-signing-admin §2 screens 9–14, §5, §8,
 * §9) and the recovery route's answers. The spec's own words are marked "spec"; the rest are
 * ours. Merged into `es` by ../messages.es.ts; the recovery handler imports it directly.
 */
export const feaEs = {
  // Recovery rules (spec §5)
  rutInvalid: 'Formato de RUT inválido. Debe ser: 12345678-9',
  serialInvalid:
    'El número de serie de la cédula debe contener solo números y tener entre 7 y 12 dígitos. NO uses el RUT, busca el número de serie en tu cédula física.',

  // Recovery errors (spec §8)
  requestErrorTitle: 'Error en la solicitud',
  requestFailed: 'Error al procesar la solicitud',
  recoveryFailed: 'Error en la recuperación',
  unexpected: 'Error inesperado',
  resultErrorTitle: 'Error en la Recuperación',
  unlockErrorTitle: 'Error en el Desbloqueo',

  // The recovery route's answers (ours: the provider's own texts stay in the logs)
  recoveryLinkReady:
    'Solicitud de recuperación creada. Te llevaremos a la página del prestador para completarla.',
  recoveryMailSent:
    'Te enviamos un correo con el enlace de recuperación. Puede tardar hasta 5 minutos en llegar: espera ese tiempo antes de pedir uno nuevo y revisa también la carpeta de spam.',
  serialMismatch:
    'El número de serie no corresponde al RUT ingresado. Revisa el número de serie de tu cédula de identidad (no es el RUT).',
  notEnrolled:
    'Este RUT no tiene un certificado de firma electrónica avanzada. Para obtenerlo, abre el enlace de firma que recibiste por correo y sigue el enrolamiento.',
  providerRefused:
    'El prestador de firma electrónica avanzada rechazó la solicitud. Revisa los datos o contacta a soporte.',
  providerUnavailable:
    'El servicio de firma electrónica avanzada no responde en este momento. Inténtalo de nuevo en unos minutos.',
  notConfigured:
    'La firma electrónica avanzada no está disponible en este momento. Contacta a soporte si necesitas recuperar tu clave.',

  // Screen 9: enrolment return (title: es.pages; steps and note from §2, §9)
  enrolmentReturnIntro:
    'Tu certificado de firma electrónica avanzada quedó creado con el prestador acreditado.',
  nextStepsTitle: 'Próximos pasos',
  nextStepBack: 'Vuelve a la página de firma de tu documento.',
  nextStepRefresh: 'Presiona «Actualizar Estado» para que reconozcamos tu certificado.',
  nextStepPassword: 'Continúa con la clave de tu certificado para firmar.',
  syncNote:
    'La sincronización con el prestador puede tardar entre 1 y 2 minutos. Si tu certificado aún no aparece, espera un momento y vuelve a presionar «Actualizar Estado».',
  goOrders: 'Ir a Mis Pedidos',
  goHome: 'Ir a Página Principal',
  supportTitle: '¿Necesitas ayuda?',
  supportPhone: 'Teléfono',
  supportHours: 'Horario',
  supportMail: 'Correo',

  // Screen 10: enrolment success (spec buttons)
  enrolmentSuccessIntro:
    'Tu certificado de firma electrónica avanzada fue creado correctamente. Ya puedes firmar tu documento.',
  backToSigning: 'Regresar a la Firma',
  signingLinkAdvice:
    'Para continuar, usa el enlace de firma que guardaste o el enlace personal que recibiste por correo electrónico.',

  // Screen 11: recovery form
  recoveryIntro:
    'Elige qué quieres recuperar e ingresa tu RUT y el número de serie de tu cédula de identidad.',
  kindLegend: '¿Qué quieres recuperar?',
  kindCertificate: 'Clave del certificado',
  kindCertificateHint: 'La clave con la que firmas con tu certificado FEA.',
  kindSecondFactor: 'Segundo factor',
  kindSecondFactorHint: 'El teléfono que recibe el código SMS de cada firma.',
  rutLabel: 'RUT',
  rutPlaceholder: '12345678-9',
  serialLabel: 'Número de serie de la cédula',
  serialPlaceholder: '123456789',
  serialHint:
    'El número de serie NO es tu RUT: búscalo en tu cédula de identidad física (en la cédula nueva aparece como «Número de documento»).',
  sendMailLabel: 'Enviarme también el enlace por correo',
  submit: 'Solicitar recuperación',
  submitting: 'Enviando solicitud...',
  resultTitle: 'Solicitud enviada',
  redirecting: 'Redirigiendo a la página de recuperación...',
  openNow: 'Ir ahora',

  // Screen 12: recovery result
  resultSuccessTitle: 'Recuperación Exitosa',
  resultCertificate: 'La clave de tu certificado FEA fue recuperada.',
  resultSecondFactor: 'Tu segundo factor fue recuperado.',
  resultErrorFallback:
    'No pudimos completar la recuperación. Inténtalo de nuevo o contacta a soporte.',
  countdown: 'Volverás al inicio en {seconds} segundos.',
  newRequest: 'Nueva Solicitud',

  // Screens 13–14: unlock results
  unlockSuccessTitle: 'Desbloqueo Exitoso',
  certificateUnlocked: 'Tu certificado FEA fue desbloqueado. Ya puedes continuar con la firma.',
  secondFactorUnlocked:
    'Tu segundo factor fue desbloqueado. Ya puedes continuar con la firma: te enviaremos un nuevo código.',
  secondFactorExplain:
    'El segundo factor es el código que recibes por SMS en tu teléfono para confirmar cada firma.',
  unlockErrorFallback:
    'No pudimos completar el desbloqueo. Vuelve a la página de firma e inténtalo de nuevo, o contacta a soporte.',
  continueSigning: 'Continuar con la Firma',
  redirectingSigning: 'Te llevaremos a la página de firma en un momento...',
  goDashboard: 'Ir al Panel',
} as const;
