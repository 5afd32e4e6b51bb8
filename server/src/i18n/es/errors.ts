import type { Catalog } from '../catalog.ts';
import type { errors as en } from '../en/errors.ts';

export const errors: Catalog<typeof en> = {
  signIn: 'Debe iniciar sesión para hacer eso.',
  forbidden: 'No tiene permiso para hacer eso.',
  invalidLink: 'Este enlace no es válido o ha vencido. Solicite uno nuevo.',
  accountGone: 'Su cuenta ya no existe.',
  invalidEmail: 'Correo electrónico no válido',
  emailTaken: 'Ya existe un usuario con este correo electrónico',
  noItems: 'Debe proteger al menos un nombre o una propiedad',
  apnFormat:
    "El APN '{{apn}}' no tiene el formato de {{county}}, {{mask}} (por ejemplo, {{example}}).",
  nameNoLetters: "El nombre '{{name}}' no tiene letras ni dígitos.",
  tooManyNames:
    'Puede proteger como máximo {{max}} nombres por cuenta (el límite de las preguntas frecuentes): tiene {{existing}} y pidió {{adding}} más.',
  tooManyNamesAtOnce:
    'Puede proteger como máximo {{max}} nombres por cuenta (el límite de las preguntas frecuentes): esta solicitud tiene {{adding}}.',
  tooManyApns:
    'Puede proteger como máximo {{max}} APN por cuenta (el límite de las preguntas frecuentes): tiene {{existing}} y pidió {{adding}} más.',
  tooManyApnsAtOnce:
    'Puede proteger como máximo {{max}} APN por cuenta (el límite de las preguntas frecuentes): esta solicitud tiene {{adding}}.',
  tooManyRequests: 'Demasiadas solicitudes. Vuelva a intentarlo dentro de {{wait}}.',
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
  tooManyContacts:
    'Puede nombrar como máximo {{max}} contactos de confianza: elimine uno antes de agregar otro.',
  invalidContactLink:
    'Este enlace no es válido, ya se usó o ha vencido. Si lo invitaron, pida a la persona que lo nombró que vuelva a hacerlo.',
  alertNotFound: 'No se encontró la alerta entre sus alertas.',
  reportedNotRecognised:
    'Usted denunció que el documento {{document}} no es suyo (caso {{caseNumber}}): no puede además reconocerlo.',
  alreadyReported:
    'Usted ya denunció el documento {{document}}: es el caso {{caseNumber}}. Descargue su expediente desde la alerta.',
  contactEmail: 'body/contactEmail: debe ser una dirección de correo electrónico',
  contactPhone:
    'body/contactPhone: debe ser un número de teléfono: 10 dígitos, o + y el código del país',
  contactPhoneNeeded: 'body/contactPhone: es obligatorio si prefiere que lo llamen',
};
