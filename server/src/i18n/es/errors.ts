import type { Catalog } from '../catalog.ts';
import type { errors as en } from '../en/errors.ts';

export const errors: Catalog<typeof en> = {
  signIn: 'Debe iniciar sesión para hacer eso.',
  forbidden: 'No tiene permiso para hacer eso.',
  invalidLink: 'Este enlace no es válido o ha vencido. Solicite uno nuevo.',
  spentLink: 'Este enlace ya se usó o ha vencido. Su sesión sigue abierta.',
  otherAccountSignedIn:
    'Este navegador tiene abierta la sesión de otra cuenta de DeedWatch. Cierre la sesión y vuelva a abrir el enlace.',
  accountGone: 'Su cuenta ya no existe.',
  invalidEmail: 'Correo electrónico no válido',
  emailTaken: 'Ya existe un usuario con este correo electrónico',
  noItems: 'Debe proteger al menos un nombre o una propiedad',
  apnFormat:
    "El APN '{{apn}}' no tiene el formato de {{county}}, {{mask}} (por ejemplo, {{example}}).",
  nameNoLetters: "El nombre '{{name}}' no tiene letras ni dígitos.",
  nameNothingToMatch:
    "El nombre '{{name}}' no deja ningún nombre que proteger: palabras como ET AL, AKA, THE, ESTATE OF o TRUSTEE se omiten de todo nombre registrado. Escriba el apellido y el nombre de la persona, o el nombre completo de la empresa o del fideicomiso.",
  tooManyNames:
    'Puede proteger como máximo {{max}} nombres por cuenta (el límite de las preguntas frecuentes): tiene {{existing}} y pidió {{adding}} más.',
  tooManyNamesAtOnce:
    'Puede proteger como máximo {{max}} nombres por cuenta (el límite de las preguntas frecuentes): esta solicitud tiene {{adding}}.',
  tooManyApns:
    'Puede proteger como máximo {{max}} APN por cuenta (el límite de las preguntas frecuentes): tiene {{existing}} y pidió {{adding}} más.',
  tooManyApnsAtOnce:
    'Puede proteger como máximo {{max}} APN por cuenta (el límite de las preguntas frecuentes): esta solicitud tiene {{adding}}.',
  tooManyRequests: 'Demasiadas solicitudes. Vuelva a intentarlo dentro de {{wait}}.',
  tooManyInvalidTokens:
    'Demasiados tokens no válidos desde su dirección. Vuelva a intentarlo dentro de {{wait}}; mientras tanto, un token válido sigue funcionando.',
  phoneNotANumber:
    "'{{number}}' no es un número de teléfono que pueda recibir mensajes de texto: escriba el número completo con su código de área, por ejemplo (916) 555-0142, o + y el código de país.",
  phoneCountry:
    'Los números de {{from}} no pueden recibir alertas de sus condados: use un número de {{allowed}}.',
  smsNotOffered:
    'Este servidor no ofrece mensajes de texto: agregue un correo electrónico como método de notificación.',
  methodExists: '{{address}} ya es uno de sus métodos de notificación.',
  methodIsContact:
    '{{address}} es uno de sus contactos de confianza: un correo de alertas es solo suyo. Quite primero el contacto para añadirlo como correo de alertas.',
  onlyPhoneLevels: 'Solo un método de teléfono (SMS) tiene niveles de alerta por texto.',
  accountEmailStays:
    'El correo electrónico de su cuenta no se puede eliminar: es donde nos comunicamos con usted.',
  alreadyVerified: 'Este método de notificación ya está verificado.',
  contactIsYou:
    '{{email}} es su propio correo electrónico: un contacto de confianza es otra persona de su confianza, que recibe una copia de sus alertas «Actúe ya».',
  contactExists: '{{email}} ya es uno de sus contactos de confianza.',
  tooManyMethods:
    'Puede tener como máximo {{max}} métodos de notificación: elimine uno antes de agregar otro.',
  tooManyContacts:
    'Puede nombrar como máximo {{max}} contactos de confianza: elimine uno antes de agregar otro.',
  invalidContactLink:
    'Este enlace no es válido, ya se usó o ha vencido. Si lo invitaron, pida a la persona que lo nombró que vuelva a hacerlo.',
  alertNotFound: 'No se encontró la alerta entre sus alertas.',
  reportedNotRecognised:
    'Usted denunció que el documento {{document}} no es suyo (caso {{caseNumber}}): no puede además reconocerlo.',
  alreadyReported:
    'Usted ya denunció el documento {{document}}: es el caso {{caseNumber}}. Descargue su expediente desde la alerta.',
  contactEmail:
    'El correo de contacto (contactEmail) debe ser una dirección de correo electrónico.',
  contactPhone:
    'El teléfono de contacto (contactPhone) debe ser un número de teléfono: 10 dígitos, o + y el código del país.',
  contactPhoneNeeded:
    'El teléfono de contacto (contactPhone) es obligatorio si prefiere que lo llamen.',
  webhookUrlInvalid: 'La dirección (url) debe ser una URL https:// válida.',
  webhookUrlNotHttps: 'La dirección (url) debe empezar por https://.',
  webhookUrlCredentials:
    'La dirección (url) no debe llevar usuario ni contraseña; verifique los envíos por su firma.',
  webhookUrlFragment: 'La dirección (url) no debe llevar un #fragmento (nunca se envía).',
  webhookUrlTooLong:
    'La dirección (url) debe tener como máximo {{max}} caracteres una vez codificada (tiene {{length}}).',
  webhookUrlHost: 'La dirección (url) no se admite: {{reason}}',
  webhookHostUnresolved: '{{host}} no se resuelve en ninguna dirección.',
  webhookHostRefused: '{{host}} es {{why}}: los webhooks solo se envían a direcciones públicas.',
  webhookHostResolvesTo:
    '{{host}} se resuelve en {{address}}, {{why}}: los webhooks solo se envían a direcciones públicas.',
  webhookAddress: {
    notIp: 'algo que no es una dirección IP',
    loopback: 'una dirección de bucle local (loopback)',
    thisNetwork: "una dirección de 'esta red'",
    private: 'una dirección privada',
    carrierNat: 'una dirección de NAT de operador (CGNAT)',
    linkLocal: 'una dirección de enlace local (ahí están los metadatos de la nube)',
    reserved: 'una dirección reservada',
    documentation: 'una dirección de documentación',
    benchmarking: 'una dirección de pruebas de rendimiento',
    multicast: 'una dirección de multidifusión',
    ietf: 'una dirección reservada (asignaciones de protocolo del IETF, Teredo)',
    sixToFour: 'una dirección 6to4 (podría llevar a cualquier dirección IPv4)',
    ipv4Mapped: 'una dirección IPv4 mapeada',
    notPublicV6:
      'una dirección IPv6 no pública (privada, de enlace local, local única, mapeada o reservada)',
  },
  tooManyWebhooks:
    'Ya tiene {{max}} puntos de conexión de webhook, el máximo por cuenta: elimine uno primero.',
  webhookExists: 'Ya tiene un punto de conexión de webhook en esta URL.',
  webhookNotFound: 'Ese punto de conexión de webhook no está entre los suyos.',
  webhookDeliveryNotFound: 'Esa entrega de webhook no está entre las suyas.',
  webhookDisabled:
    'Su punto de conexión está desactivado: actívelo de nuevo y luego vuelva a enviarla.',
  webhookDeliveryPending:
    'Esta entrega aún se está reintentando: su próximo intento será el {{at}}. Vuelva a enviarla cuando haya fallado o se haya entregado.',
  webhookDeliveryQueued:
    'Esta entrega se está enviando ahora. Vuelva a enviarla cuando haya fallado o se haya entregado.',
  webhookDeliveryHeld:
    'Esta entrega está retenida: se envía a su turno, después de los mensajes anteriores, ahora que su punto de conexión está activado. Vuelva a enviarla cuando haya fallado o se haya entregado.',
  tooManyTokens:
    'Ya tiene {{max}} tokens activos, el máximo por cuenta: revoque primero uno que ya no use.',
  tokenNotFound: 'Ese token no está entre los suyos.',
  tokenEmpty:
    "El encabezado Authorization dice Bearer pero no lleva ningún token: ponga un token de acceso personal de su panel después de 'Bearer '.",
  tokenMalformed:
    'El token bearer no es un token de acceso personal de DeedWatch (empiezan por dw_pat_ y tienen 58 caracteres). Cree uno en su panel, en Acceso a la API.',
  tokenUnknown: 'El token bearer no es conocido: se escribió mal o su cuenta ya no existe.',
  tokenRevoked: 'El token bearer se revocó el {{at}}. Cree uno nuevo en su panel.',
  tokenExpired: 'El token bearer venció el {{at}}. Cree uno nuevo en su panel.',
  tokenTooManyCalls:
    'Este token hizo más de {{limit}} llamadas en este minuto. Vuelva a intentarlo dentro de {{wait}}.',
  tokenStaffRoute:
    'Los tokens de acceso personal actúan por un suscriptor y nunca llaman a rutas del personal: inicie sesión como personal en el navegador.',
  tokenSessionOnly:
    'Esta llamada solo se hace desde una sesión iniciada en el navegador (allí se gestionan los tokens): un token de acceso personal no puede hacerla.',
  tokenScopeNeeded:
    'Esta llamada necesita un token con el alcance {{needed}}; este token solo tiene {{has}}. Cree un token con {{needed}} en su panel.',
  tokenScopesAnd: '{{first}} y {{last}}',
  subscribersOnly:
    'Los tokens de acceso personal y los webhooks son de las cuentas de suscriptor; las cuentas del personal no tienen ninguno de los dos.',
  crossSite: 'No se permiten solicitudes desde otro sitio.',
  guardedNameNotFound: "No se encontró el nombre protegido '{{id}}'.",
  guardedPropertyNotFound: "No se encontró la propiedad protegida '{{id}}'.",
  methodNotFound: "No se encontró el método de notificación '{{id}}'.",
  alertIdNotFound: "No se encontró la alerta '{{id}}'.",
  trustedContactEmail: 'La dirección (email) no es un correo electrónico válido.',
  accountNotFound: 'No se encontró la cuenta.',
  trustedContactNotFound: "No se encontró el contacto de confianza '{{id}}'.",
  caseNotFound: 'No se encontró el caso.',
  casePacketMissing:
    'El expediente del caso {{caseNumber}} no está disponible en este momento. Vuelva a intentarlo más tarde o comuníquese con el soporte de DeedWatch e indique el caso {{caseNumber}}.',
  documentNotFound: 'No se encontró el documento. Ábralo desde una de sus alertas en el panel.',
  documentFileMissing:
    'El archivo del documento {{document}} no está disponible en este momento. Vuelva a intentarlo más tarde o comuníquese con el soporte de DeedWatch e indique el número de documento {{document}}.',
  countyNotCovered:
    "El condado '{{county}}' no es uno de los que cubrimos. Elija uno de los que indica GET /api/config.",
};
