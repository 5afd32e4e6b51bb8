import type { Catalog } from '../catalog.ts';
import type { stored as en } from '../en/stored.ts';

// Re-said for a Spanish reader from the English that is stored; never stored themselves.
export const stored: Catalog<typeof en> = {
  sms: {
    invalidNumber:
      'El operador indica que este no es un número de teléfono válido. (Error de Twilio {{code}})',
    cannotText:
      'El operador indica que este número no puede recibir mensajes de texto (un teléfono fijo, o sin un operador que los acepte). (Error de Twilio {{code}})',
    unreachable:
      'El operador no pudo comunicarse con este número (apagado, fuera de servicio o desconocido). (Error de Twilio {{code}})',
    notDelivered: 'El operador no entregó el mensaje de texto (error de Twilio {{code}}).',
    notDeliveredNoCode: 'El operador no entregó el mensaje de texto.',
  },
  mail: {
    workerStopped: 'El envío se interrumpió a medias; es posible que el mensaje se haya enviado.',
    unopenable: 'No se pudo abrir el mensaje en cola (¿se cambió SESSION_SECRET?).',
    attachmentMissing: 'Falta el archivo adjunto {{attachment}} en el almacén de documentos.',
  },
  webhooks: {
    disabledByYou: 'Desactivado por usted.',
    failedForADay: 'Todas las entregas fallaron durante 24 horas; la última: {{error}}',
    secretUnreadable:
      'No se puede leer el secreto de firma del endpoint (cambió el SESSION_SECRET del servidor): elimine el endpoint y vuelva a registrarlo.',
    redirect: 'HTTP {{code}}: una redirección, que no se sigue: indique la URL final',
    noBody: 'HTTP {{code}}: sin cuerpo',
    hostUnresolved: 'Rechazado: {{host}} no se resuelve en ninguna dirección.',
    hostRefused:
      'Rechazado: {{host}} es {{why}}: los webhooks solo se envían a direcciones públicas.',
    hostResolvesTo:
      'Rechazado: {{host}} se resuelve en {{address}}, {{why}}: los webhooks solo se envían a direcciones públicas.',
    couldNotDeliver: 'No se pudo entregar: {{error}}',
    timedOut: 'no hubo una respuesta completa en {{seconds}} s',
    connectionClosed: 'el receptor cerró la conexión',
  },
};
