import { CONTROLLER_NAME, SUPPORT } from '../legal.js';

/**
 * The texts of /terminos and /privacidad. Loaded only with those pages (not merged into `es`):
 * they are long and nobody else needs them. Placeholders in braces become links when shown:
 * {terms}, {privacy}, {settings}, {orders}, {privacyEmail}, {supportEmail}.
 *
 * Keep them true to the product: the retention periods and the data listed are those of
 * docs/privacy.md, the refund rule the one of docs/credits-economy.md. A change of substance is
 * a new version in shared/legal.ts.
 */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  after?: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export const termsDocument: LegalDocument = {
  title: 'Términos y Condiciones de Uso',
  intro: [
    `Estos términos regulan el uso de Sello, la plataforma en línea de ${CONTROLLER_NAME} para firmar documentos electrónicamente y encargar servicios notariales en Chile. Al crear una cuenta o pagar un pedido los aceptas. Léelos junto con nuestra {privacy}, que explica qué hacemos con tus datos.`,
  ],
  sections: [
    {
      id: 'que-es-sello',
      heading: '1. Qué hace Sello y qué no hace',
      paragraphs: [
        'Sello te permite subir un documento, invitar a sus firmantes a firmarlo electrónicamente, pagar con tarjeta o con créditos y seguir tu pedido hasta recibir el documento firmado.',
        'Sello no es una notaría ni un notario. Cuando encargas un servicio notarial (copia legalizada, protocolización o firma autorizada por notario), el acto lo realiza un notario público, que decide sobre él con arreglo a la ley y puede rechazarlo. Sello solo transmite tu documento y tu pedido a la notaría y te informa del resultado.',
        'Sello no presta asesoría legal ni revisa el contenido de tus documentos: eres responsable de lo que subes y de que sea lícito firmarlo.',
        'Solo vendemos lo que podemos entregar: un tipo de firma o servicio marcado como «Próximamente» no se puede contratar.',
      ],
    },
    {
      id: 'cuenta',
      heading: '2. Tu cuenta',
      items: [
        'Debes ser mayor de edad y dar datos verdaderos.',
        'Tu cuenta es personal: guarda tu contraseña y avísanos si crees que alguien más la usa.',
        'Puedes descargar tus datos o eliminar tu cuenta cuando quieras desde {settings}.',
      ],
    },
    {
      id: 'firma-electronica',
      heading: '3. Firma electrónica',
      paragraphs: [
        'Las firmas se realizan conforme a la Ley N° 19.799 sobre documentos electrónicos, firma electrónica y servicios de certificación de dicha firma.',
        'En la firma electrónica simple, Sello verifica el correo del firmante con un código de un solo uso y registra la fecha, la hora, la dirección IP y el navegador de cada paso. El RUT del firmante es el que declaró quien encargó la firma: Sello no verifica su documento de identidad. Al terminar, el documento se sella para que cualquier cambio posterior sea detectable, y cualquiera que tenga una copia puede comprobarla en /verificar.',
        'La firma electrónica avanzada la emite un prestador de servicios de certificación acreditado; estará disponible cuando se muestre como tal en la plataforma.',
        'Al invitar a otras personas a firmar, declaras que tienes su autorización para darnos su nombre, correo, teléfono y RUT.',
      ],
    },
    {
      id: 'precios-pagos',
      heading: '4. Precios, pagos y créditos',
      items: [
        'El precio de cada pedido se calcula con el catálogo vigente y se muestra antes de pagar, en la moneda del país elegido, indicando si incluye IVA.',
        'Los pagos con tarjeta los procesa Stripe. Sello no recibe ni guarda el número de tu tarjeta.',
        'Los créditos son un saldo prepagado para usar en Sello. Pagar un pedido con créditos tiene un 2% de descuento. Los créditos vencen en el plazo que se indica al comprarlos y no se canjean por dinero, salvo en los reembolsos descritos abajo.',
        'Cada pago, reembolso y devolución de créditos queda en tu historial y te enviamos un comprobante por correo.',
      ],
    },
    {
      id: 'cancelacion',
      heading: '5. Cancelación y reembolsos',
      paragraphs: [
        'Puedes cancelar un pedido que aún no está completado desde {orders}. Antes de confirmar te mostramos exactamente qué se devuelve.',
        'Si nadie ha firmado todavía, se devuelve todo: el pago con tarjeta a la misma tarjeta y el pago con créditos a tu saldo de créditos. Si algún firmante ya firmó, el servicio de firma ya se prestó (su firma y su evidencia existen y no pueden deshacerse) y no se devuelve. Al cancelar, los enlaces de firma se anulan y se avisa a los firmantes por correo. Cada reembolso se hace una sola vez.',
        'Si tu pedido incluye un tipo de firma o un servicio notarial que aún no podemos entregar, se devuelve todo, aunque alguien haya firmado: te ofrecemos cancelarlo con reembolso completo.',
        'Nada de esto limita los derechos irrenunciables que te otorga la Ley N° 19.496 sobre Protección de los Derechos de los Consumidores.',
      ],
    },
    {
      id: 'uso-aceptable',
      heading: '6. Uso aceptable',
      items: [
        'No uses Sello para documentos ilícitos, para suplantar a otra persona ni para enviar correos no deseados a los firmantes.',
        'No intentes acceder a cuentas, pedidos o documentos ajenos ni eludir los límites de uso de la plataforma.',
        'Podemos suspender una cuenta que incumpla estos términos, avisándote y sin perjuicio de los reembolsos que correspondan.',
      ],
    },
    {
      id: 'documentos',
      heading: '7. Tus documentos',
      paragraphs: [
        'Tus documentos siguen siendo tuyos. Los usamos solo para prestar el servicio que encargaste. Los archivos subidos se eliminan a los 30 días; el documento firmado y su registro de firma se conservan 10 años como evidencia, según se explica en la {privacy}.',
      ],
    },
    {
      id: 'responsabilidad',
      heading: '8. Disponibilidad y responsabilidad',
      paragraphs: [
        'Trabajamos para que Sello esté disponible siempre, pero puede haber interrupciones por mantenimiento o fallas de terceros. Si un pedido no puede completarse por causas nuestras, te devolvemos lo pagado por él.',
        'Sello responde por la correcta prestación de su servicio conforme a la ley chilena. No responde por el contenido de los documentos ni por las decisiones de los notarios o de los firmantes.',
      ],
    },
    {
      id: 'cambios',
      heading: '9. Cambios a estos términos',
      paragraphs: [
        'Si cambiamos estos términos publicaremos la nueva versión con su fecha en esta página y te avisaremos por correo antes de que rija. La versión que aceptaste queda registrada en tu cuenta.',
      ],
    },
    {
      id: 'ley-aplicable',
      heading: '10. Ley aplicable',
      paragraphs: [
        'Estos términos se rigen por las leyes de la República de Chile. Cualquier controversia se someterá a los tribunales competentes de Chile, sin perjuicio de tu derecho como consumidor a acudir al juzgado de policía local de tu domicilio.',
      ],
    },
    {
      id: 'contacto',
      heading: '11. Contacto',
      paragraphs: [
        `Escríbenos a {supportEmail} o llámanos al ${SUPPORT.phone}. Horario de atención: ${SUPPORT.hours}.`,
      ],
    },
  ],
};

export const privacyDocument: LegalDocument = {
  title: 'Política de Privacidad',
  intro: [
    `Esta política explica cómo ${CONTROLLER_NAME} trata los datos personales de quienes usan Sello, conforme a la Ley N° 19.628 sobre protección de la vida privada y a la Ley N° 21.719, que la modifica y crea la Agencia de Protección de Datos Personales.`,
  ],
  sections: [
    {
      id: 'responsable',
      heading: '1. Responsable',
      paragraphs: [
        `El responsable del tratamiento es ${CONTROLLER_NAME}, con domicilio en Santiago de Chile. Para cualquier asunto de privacidad escríbenos a {privacyEmail}.`,
      ],
    },
    {
      id: 'datos',
      heading: '2. Qué datos tratamos y de quién',
      items: [
        'Clientes (quien crea una cuenta): nombre, apellido, correo, teléfono y WhatsApp si los das, datos de facturación (empresa, dirección, ciudad, región, país), los documentos que subes, tus solicitudes, pedidos, pagos y créditos, y el registro de tu aceptación de estos documentos (versión, fecha, hora y dirección IP). Tu contraseña la gestiona nuestro servicio de autenticación y nunca la vemos.',
        'Firmantes (a quienes un cliente invita a firmar): nombre, RUT tal como lo declaró el cliente, correo y teléfono, entregados por el cliente; y, al firmar, la fecha y hora de cada paso, la dirección IP, el navegador, el nombre escrito o la imagen de la firma dibujada. El código enviado por correo se guarda solo como huella cifrada.',
        'Pagos: los datos de tu tarjeta los recibe directamente Stripe; nosotros guardamos solo el monto, la moneda y la referencia del pago.',
        'Cualquier visitante: la dirección IP, para proteger el servicio contra abusos.',
      ],
    },
    {
      id: 'finalidades',
      heading: '3. Para qué los usamos y con qué base legal',
      items: [
        'Crear y mantener tu cuenta, preparar tus pedidos, enviar los enlaces de firma, sellar y entregar los documentos, cobrar y devolver: ejecución del contrato que celebras con nosotros.',
        'Conservar la evidencia de cada firma (registro de actividad, documento original y sellado) y los registros contables y tributarios: cumplimiento de obligaciones legales (Ley N° 19.799 y normas tributarias).',
        'Proteger la plataforma (límites de uso, registros de seguridad) y permitir que quien tenga un documento sellado lo verifique: interés legítimo, con los datos mínimos (la página de verificación muestra solo iniciales y parte del RUT).',
        'Enviarte novedades o promociones: solo con tu consentimiento, que puedes retirar cuando quieras.',
      ],
      after: ['No vendemos tus datos ni los usamos para decisiones automatizadas que te afecten.'],
    },
    {
      id: 'encargados',
      heading: '4. Quién más trata tus datos',
      items: [
        'Amazon Web Services: alojamiento, base de datos, almacenamiento de documentos, autenticación y envío de correos (Amazon SES).',
        'Stripe: procesamiento de pagos con tarjeta.',
        'La notaría que elijas, cuando encargas un servicio notarial: recibe el documento y los datos necesarios para el acto.',
      ],
      after: [
        'Estos proveedores tratan los datos por encargo nuestro, bajo contrato y solo para prestar su servicio.',
      ],
    },
    {
      id: 'transferencias',
      heading: '5. Transferencias internacionales',
      paragraphs: [
        'Amazon Web Services y Stripe pueden tratar datos en servidores fuera de Chile, por ejemplo en Estados Unidos. Lo hacen con las garantías que exige la ley: cláusulas contractuales de protección de datos y medidas de seguridad equivalentes a las chilenas.',
      ],
    },
    {
      id: 'conservacion',
      heading: '6. Cuánto tiempo los guardamos',
      items: [
        'Tu cuenta y perfil: hasta que elimines tu cuenta.',
        'Documentos subidos: 30 días (un archivo que no terminó de subirse, 1 día).',
        'Evidencia de firma (registro de actividad, imágenes de firma, documento original y sellado) y el registro público de verificación: 10 años, el plazo en que el documento puede discutirse.',
        'Pedidos, pagos y movimientos de créditos: se conservan por las obligaciones contables y tributarias (en Chile, al menos 6 años); si eliminas tu cuenta, quedan sin tu nombre ni tu correo.',
        'Análisis con IA de un documento: 30 días.',
        'Correos que te enviamos: su contenido se borra al enviarse; el registro del envío, 90 días.',
        'Datos de un registro de cuenta que no se confirmó: 30 días.',
        'Registros de seguridad: 1 mes los de la aplicación y 90 días los de acceso; los contadores de límites de uso, hasta un día.',
        'Constancia de que eliminaste tu cuenta (sin tu correo): se conserva como prueba de que cumplimos tu solicitud.',
      ],
    },
    {
      id: 'derechos',
      heading: '7. Tus derechos y cómo ejercerlos',
      paragraphs: [
        'Tienes derecho de acceso, rectificación, supresión, oposición, portabilidad y bloqueo de tus datos, y a no ser objeto de decisiones basadas solo en tratamientos automatizados.',
      ],
      items: [
        'Acceso y portabilidad: «Descargar mis datos» en {settings} te entrega un archivo con todos los datos de tu cuenta.',
        'Rectificación: corrige tus datos personales y de facturación en {settings}.',
        'Supresión: «Eliminar mi cuenta» en {settings} borra tu cuenta y tus datos personales, salvo lo que la ley nos obliga a conservar, que queda sin tu nombre ni tu correo.',
        'Oposición, bloqueo y cualquier otra solicitud, también si eres firmante y no tienes cuenta: escríbenos a {privacyEmail}. Respondemos dentro de 30 días corridos.',
      ],
    },
    {
      id: 'autoridad',
      heading: '8. Reclamos',
      paragraphs: [
        'Si no quedas conforme con nuestra respuesta, puedes reclamar ante la Agencia de Protección de Datos Personales.',
      ],
    },
    {
      id: 'seguridad',
      heading: '9. Seguridad',
      paragraphs: [
        'Usamos conexiones cifradas, accesos restringidos y registros de auditoría. Los enlaces y códigos de firma se guardan solo como huellas cifradas y vencen. Si ocurre una vulneración que afecte tus datos, te avisaremos y avisaremos a la autoridad como exige la ley.',
      ],
    },
    {
      id: 'cambios',
      heading: '10. Cambios a esta política',
      paragraphs: [
        'Si cambiamos esta política publicaremos la nueva versión con su fecha en esta página y te avisaremos por correo. La versión que aceptaste queda registrada en tu cuenta.',
      ],
    },
  ],
};
