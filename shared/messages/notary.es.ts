/**
 * Texts of the notary side (credits-signing-admin §2 screen 16, §3, §7, §8; issue 22): the
 * notary's settings, the queue and its actions. The spec's own strings (the dashboard's tabs,
 * counters and buttons, 'Tomar Documento', 'Documento tomado exitosamente', 'Error al tomar el
 * documento', the notary-context denial) are kept word for word; the rest is ours. The web
 * reads them as `es.notary`; the assignment statuses' labels are `es.organizations`.
 */
export const notaryEs = {
  // The settings (/admin/notary/{id}/settings) and their checks.
  settingsTitle: 'Configuración notarial de {organization}',
  settingsIntro:
    'Qué servicios toma esta notaría, en qué regiones, con qué peso recibe asignaciones y en cuánto tiempo debe tomarlas y procesarlas.',
  servicesLabel: 'Servicios ofrecidos',
  regionsLabel: 'Regiones',
  regionsAll: 'Todo el país',
  regionsHint: 'Sin regiones marcadas, la notaría recibe pedidos de todo el país.',
  weightLabel: 'Peso de asignación (1 a 100)',
  weightHint:
    'Una notaría con el doble de peso recibe el doble de pedidos, descontada su carga actual.',
  takeLabel: 'Minutos para tomar',
  processLabel: 'Minutos para procesar',
  maxOpenLabel: 'Máximo de documentos abiertos',
  activeLabel: 'Recibe asignaciones',
  openNow: '{n} documentos abiertos ahora',
  settingsSave: 'Guardar configuración',
  settingsSaving: 'Guardando...',
  settingsSaved: 'Configuración guardada',
  settingsError: 'No se pudo guardar la configuración.',
  settingsLoadError: 'No pudimos cargar la configuración notarial. Intenta de nuevo.',
  settingsChoose: 'Elige una notaría en Organizaciones para ver su configuración.',
  notANotary: 'Esta organización no es una notaría.',
  settingsConflict:
    'Otra persona guardó la configuración de esta notaría recién. Recarga la página y vuelve a intentarlo.',
  serviceUnknown: 'Elige servicios notariales del catálogo.',
  regionUnknown: 'Elige regiones de la lista.',
  weightInvalid: 'El peso debe ser un número entero entre 1 y 100.',
  takeInvalid: 'Los minutos para tomar deben ser un número entero entre 15 y 10.080 (7 días).',
  processInvalid:
    'Los minutos para procesar deben ser un número entero entre 60 y 43.200 (30 días).',
  maxOpenInvalid: 'El máximo de documentos abiertos debe ser un número entero entre 1 y 10.000.',
  activeInvalid: 'Indica si la notaría recibe asignaciones.',
  // The dashboard (screen 16).
  dashboardTitle: 'Dashboard de Notaría',
  tabs: {
    pending: 'Pendientes',
    processing: 'En Proceso',
    completed: 'Completados',
    metrics: 'Métricas',
  },
  counterTotal: 'Total Asignados',
  counterPending: 'Pendientes',
  counterProcessing: 'En Proceso',
  counterCompleted: 'Completados',
  counterOverdue: 'Atrasados',
  overdueBanner:
    'Tienes {n} documentos atrasados. Tómalos o procésalos cuanto antes: los no tomados a tiempo pasan a otra notaría.',
  overdueBannerOne:
    'Tienes 1 documento atrasado. Tómalo o procésalo cuanto antes: los no tomados a tiempo pasan a otra notaría.',
  overdueFlag: 'Atrasado',
  orderNumber: 'Pedido {number}',
  assignedAgo: 'Asignado {ago}',
  timeToTake: 'Tiempo para tomar',
  timeToProcess: 'Tiempo para procesar',
  minutes: '{n} min',
  viewDetail: 'Ver Detalle',
  chat: 'Chat ({n})',
  // The customer's messages the notary has not read yet, on the card's chat button.
  unreadOne: '1 sin leer',
  unreadMany: '{n} sin leer',
  take: 'Tomar Documento',
  taking: 'Tomando...',
  decide: 'Tomar Decisión',
  emptyPending: 'No tienes documentos pendientes.',
  emptyProcessing: 'No tienes documentos en proceso.',
  emptyCompleted: 'Aún no completas documentos.',
  listError: 'No pudimos cargar los documentos asignados. Intenta de nuevo.',
  metricsReceived: 'Total recibidos',
  metricsProcessed: 'Total procesados',
  metricsAverage: 'Promedio de minutos',
  metricsSuccess: 'Tasa de éxito',
  metricsServices: 'Servicios ofrecidos',
  metricsRegion: 'Región',
  metricsWeight: 'Peso de asignación',
  metricsActive: 'Estado',
  metricsActiveYes: 'Activa',
  metricsActiveNo: 'Inactiva',
  metricsConfigure: 'Configurar',
  metricsNone: '—',
  // The API's answers.
  notFound: 'No encontramos esa asignación.',
  notTakeable: 'Este documento ya no está pendiente de tomar.',
  notReviewable: 'Este documento no está tomado por tu notaría.',
  reviewStarted: 'Revisión iniciada',
  notDecidable: 'Este documento no está en revisión por tu notaría: tómalo antes de decidir.',
  approved: 'Documento aprobado',
  alreadyDecided: 'Este documento ya fue resuelto por tu notaría con otra decisión o archivo.',
  // The customer's notice of the notary's decision.
  approvedMailSubject: 'Tu pedido {number} fue aprobado por la notaría',
  approvedMailGreeting: 'Hola {name}:',
  approvedMailBody:
    '{notary} revisó y aprobó tu pedido {number} ({service}) del documento «{document}». Tu pedido está completado.',
  approvedMailNote: 'Puedes ver el pedido y su historial en Mis Pedidos.',
  approvedMailAction: 'Ver mis pedidos',
  // The dashboard's screen (web/src/features/notary-dashboard).
  dashboardIntro: 'Los documentos asignados a {organization}: tómalos a tiempo y procésalos.',
  timePending: 'Pendiente',
  successRateValue: '{n}%',
  countersLabel: 'Resumen de documentos asignados',
  assignmentsOf: 'Documentos: {tab}',
  goToOrganizations: 'Ir al panel de organizaciones',
  workInNotary: 'Trabajar en {organization}',
  metricsTitle: 'Métricas de {organization}',
  metricsError: 'No pudimos cargar las métricas. Intenta de nuevo.',
} as const;
