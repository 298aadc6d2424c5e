/**
 * Spanish texts not yet in shared/messages.es.ts. The lead moves them into the shared catalogue
 * (same section names) and this file then re-exports from there or disappears.
 */
export const pendingEs = {
  layout: {
    mainNav: 'Navegación principal',
    realEstateConsultation: 'Consulta inmobiliaria',
    financialConsultation: 'Consulta financiera',
  },
  pages: {
    checkoutTitle: 'Resumen y Pago',
    successTitle: 'Confirmación de Pago',
    newsletterConfirmTitle: 'Confirmación de Suscripción',
    subscriptionResultTitle: 'Resultado del Pago',
    subscriptionManageTitle: 'Gestionar Suscripción',
    signTitle: 'Firma de Documento',
    enrolmentReturnTitle: 'Enrolamiento FEA Completado',
    enrolmentSuccessTitle: 'Certificado FEA Creado',
    feaRecoveryTitle: 'Recuperación de Clave FEA',
    recoveryResultTitle: 'Resultado de la Recuperación',
    certificateUnlockTitle: 'Desbloqueo de Certificado',
    secondFactorUnlockTitle: 'Desbloqueo de Segundo Factor',
    notaryDocumentTitle: 'Detalle del Documento',
    notarySettingsTitle: 'Configuración de Notaría',
    organizationMembersTitle: 'Miembros de la Organización',
    billingTitle: 'Facturación',
    analyticsTitle: 'Estadísticas',
    forbiddenTitle: 'Acceso Restringido',
    errorTitle: 'Algo salió mal',
    reload: 'Recargar página',
    dashboardGreeting: '¡Hola, {name}!',
    dashboardIntro: 'Tu cuenta está lista. ¿Qué quieres hacer hoy?',
    dashboardOrdersBody: 'Revisa el estado de tus pedidos y reenvía los enlaces de firma.',
    dashboardSignBody: 'Sube un documento, elige el servicio y agrega a tus firmantes.',
  },
  home: {
    servicesIntro:
      'Elige el nivel de seguridad que necesita tu documento y suma servicios notariales cuando los necesites.',
    processIntro: 'Seis pasos, todo en línea y sin traslados.',
    step: 'Paso {n}',
    newsletterBody: 'Novedades legales, guías y promociones, directo en tu correo.',
  },
} as const;
