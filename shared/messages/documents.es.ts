/**
 * Texts of documents, the service catalogue and AI analysis (customer-flows §2.5, §5, §8).
 * Owned by the documents/catalogue domain; merged into `es` by ../messages.es.ts.
 */
export const documentsEs = {
  uploadError: 'Error al subir el documento',
  deleteError: 'Error al eliminar el documento',
  deleteForbidden: 'No tienes permisos para eliminar este archivo',
  notFound: 'Documento no encontrado.',
  noDocument: 'No hay documento disponible para analizar',
  invalidType: 'Solo se permiten archivos PDF, DOC o DOCX.',
  tooLarge: 'El archivo supera el tamaño máximo de 10 MB.',
  empty: 'El archivo está vacío.',
  contentMismatch:
    'El contenido del archivo no corresponde a un PDF, DOC o DOCX válido. Sube el documento original.',
  notUploaded: 'El archivo aún no se ha subido. Inténtalo de nuevo.',
  pdfEncrypted:
    'Este PDF está protegido con contraseña o tiene restricciones de edición, y no se puede firmar. Expórtalo sin contraseña (por ejemplo, con «Imprimir» → «Guardar como PDF») y vuelve a subirlo.',
  pdfUnloadable:
    'No pudimos abrir este PDF para firmarlo: está dañado o usa un formato que no admitimos. Expórtalo de nuevo como PDF (por ejemplo, con «Imprimir» → «Guardar como PDF») y vuelve a subirlo.',
  pdfTooComplex:
    'Este archivo es demasiado complejo para revisarlo en el tiempo disponible. Expórtalo de nuevo como PDF (por ejemplo, con «Imprimir» → «Guardar como PDF») y vuelve a subirlo.',
  locked: 'Este documento pertenece a un pedido pagado y no se puede eliminar.',
  retention: 'Los documentos subidos se eliminan automáticamente después de 30 días.',
  integrity:
    'El archivo guardado no coincide con el que se verificó al subirlo. Sube el documento de nuevo.',
  uploadLimit:
    'Has alcanzado el máximo de documentos que puedes subir hoy. Inténtalo de nuevo mañana.',
  analysisLimit:
    'Has alcanzado el máximo de análisis de IA que puedes solicitar hoy. Inténtalo de nuevo mañana.',
  fingerprint: 'Huella del archivo',
  fingerprintTitle: 'SHA-256 del archivo verificado: {hash}',
  // AI analysis
  analysisLogin: 'Debes iniciar sesión para usar el análisis de IA',
  analysisError:
    'Error al analizar el documento: {message}. Por favor, inténtalo de nuevo o contacta soporte si el problema persiste.',
  analysisEmpty: 'Análisis completado sin resultados específicos.',
  analysisCredits:
    'Necesitas {n} créditos para usar el análisis de IA. Tu balance actual es {balance} créditos.',
  analysisUnavailable: 'El análisis con IA no está disponible en tu país.',
  analysisServer: 'Error del servidor: {status} {text}',
  analysisUnreadable: 'No se pudo leer el texto del documento',
  analysisTooComplex: 'el documento es demasiado complejo para leerlo en el tiempo disponible',
  analysisDescription: 'Análisis de IA: {name}',
  analysisTimeout: 'el servicio de análisis no respondió a tiempo',
  analysisUnreachable: 'no se pudo conectar con el servicio de análisis',
  analysisKeyReused: 'Esta solicitud de análisis ya se usó para otro documento.',
  // Report of the built-in analyzer (markdown)
  report: {
    title: 'Análisis del documento',
    file: 'Archivo',
    type: 'Tipo',
    size: 'Tamaño',
    pages: 'Páginas',
    words: 'Palabras',
    country: 'País',
    summary: 'Resumen',
    parties: 'Partes detectadas',
    ruts: 'RUT encontrados',
    rutValid: 'válido',
    rutInvalid: 'dígito verificador inválido',
    dates: 'Fechas',
    amounts: 'Montos',
    none: 'No se encontraron.',
    noText:
      'No se encontró texto seleccionable en el documento. Si es un documento escaneado, sube una versión con texto (por ejemplo, exportada desde Word) para analizar su contenido.',
    docUnreadable:
      'No se pudo leer el texto de este documento de Word en formato .doc antiguo. Guárdalo como .docx o PDF para un análisis completo.',
    note: 'Análisis automático y referencial; no reemplaza la revisión de un abogado o notario.',
  },
  // Catalogue
  countryUnavailable: 'País no disponible',
  serviceUnavailable: 'El servicio seleccionado no está disponible en este país.',
} as const;
