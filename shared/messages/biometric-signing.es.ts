/** The biometric signature on the signing screen (issue 23). Ours: the spec has no such texts. */
export const biometricSigningEs = {
  consentText:
    'Al continuar aceptas firmar este documento con firma electrónica simple, verificando tu identidad con una foto de tu cédula de identidad por ambos lados y una selfie. Las fotos se envían a nuestro proveedor de verificación de identidad, que compara tu rostro con el de la cédula y lee su número; Sello no las guarda. El RUN de la cédula debe coincidir con el RUT indicado para ti. Registraremos el resultado, el número de la transacción del proveedor, el RUN y el número de serie de la cédula, la fecha, la hora, tu dirección IP y tu navegador como evidencia. Tus datos biométricos son datos sensibles: solo se usan para esta verificación.',
  captureTitle: 'Verifica tu identidad',
  captureDescription:
    'Toma una foto de tu cédula de identidad por delante y por detrás, y luego una selfie. Busca buena luz, sin reflejos sobre la cédula, y mira de frente a la cámara sin lentes oscuros ni gorro.',
  idFront: 'Cédula: frente',
  idBack: 'Cédula: reverso',
  selfie: 'Selfie',
  idFrontMissing: 'Toma la foto del frente de tu cédula.',
  idBackMissing: 'Toma la foto del reverso de tu cédula.',
  selfieMissing: 'Toma tu selfie.',
  send: 'Enviar',
  attemptsLeft: 'Te quedan {n} intentos.',
  verified: 'Identidad verificada (RUN {run}). Ahora firma el documento.',
  // Refusals: each says what to do next.
  badImage:
    'Una de las fotos no es una imagen válida o es demasiado pequeña. Tómala de nuevo con la cámara.',
  captureFront:
    'No pudimos leer el frente de tu cédula. Tómale otra foto con buena luz, sin reflejos y con la cédula completa dentro del recuadro.',
  captureBack:
    'No pudimos leer el reverso de tu cédula. Tómale otra foto con buena luz y el código de la parte inferior bien enfocado.',
  captureSelfie:
    'No pudimos usar tu selfie. Tómala de nuevo mirando de frente a la cámara, con buena luz.',
  captureAny: 'El proveedor no pudo usar las fotos. Tómalas de nuevo con buena luz.',
  faceMismatch:
    'El rostro de la selfie no coincide con la foto de tu cédula. Intenta de nuevo con buena luz, de frente y sin lentes ni gorro.',
  noFace:
    'No encontramos un rostro en tu selfie. Tómala de nuevo con tu cara completa en la imagen.',
  spoof:
    'No pudimos confirmar que la selfie sea de una persona presente frente a la cámara. Tómala de nuevo tú mismo, sin usar una foto ni una pantalla.',
  mrzUnreadable:
    'No pudimos leer el número de tu cédula en el reverso. Tómale otra foto con el código de la parte inferior bien enfocado.',
  runMismatch:
    'La cédula fotografiada (RUN {run}) no corresponde al RUT indicado para ti en este pedido. Usa tu propia cédula o pide a quien te envió el documento que corrija tu RUT.',
  serialNotValid:
    'Según el Registro Civil, la cédula fotografiada no está vigente. Para firmar necesitas una cédula vigente: si tienes una más reciente, usa esa.',
  serialNoMatch:
    'El Registro Civil no reconoce el número de serie de la cédula fotografiada para tu RUN. Revisa que sea tu cédula vigente e intenta de nuevo.',
  unavailable:
    'El servicio de verificación de identidad no respondió. No se perdió nada: intenta de nuevo en unos minutos.',
  noRut:
    'Para firmar con verificación biométrica necesitamos tu RUT, y este pedido no lo tiene. Pide a quien te envió el documento que lo corrija.',
  blockedTitle: 'Verificación bloqueada',
  blocked:
    'Alcanzaste el máximo de {max} intentos de verificación de identidad en esta sesión. Para intentarlo otra vez más tarde, abre de nuevo el enlace de tu correo. Si no logras verificarte, pide a quien te envió el documento que cambie tu tipo de firma, o rechaza la firma.',
  dailyLimit:
    'Alcanzaste el máximo de {max} verificaciones de identidad de hoy para esta firma. Inténtalo de nuevo mañana, o pide a quien te envió el documento que cambie tu tipo de firma.',
  // The camera in the browser.
  cameraOpen: 'Abrir cámara',
  cameraShoot: 'Tomar foto',
  cameraRetake: 'Repetir',
  cameraCancel: 'Cancelar',
  cameraPreview: 'Vista previa de la foto: {label}',
  cameraLive: 'Cámara: {label}',
  cameraDenied:
    'No tenemos permiso para usar la cámara. Permite el acceso a la cámara en la configuración de tu navegador y vuelve a intentarlo.',
  cameraMissing:
    'No encontramos una cámara en este dispositivo. Abre el enlace desde un teléfono o un computador con cámara.',
  cameraFailed:
    'No se pudo abrir la cámara. Cierra otras aplicaciones que la estén usando e intenta de nuevo.',
  cameraUnsupported:
    'Este navegador no permite usar la cámara. Abre el enlace con una versión reciente de Chrome, Safari, Firefox o Edge.',
} as const;
