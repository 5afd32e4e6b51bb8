import type { Catalog } from '../catalog.ts';
import type { mail as en } from '../en/mail.ts';

export const mail: Catalog<typeof en> = {
  layout: {
    buttonFallback: 'Si el botón no funciona, pegue este enlace en su navegador:',
    questions:
      '¿Preguntas? Llame al {{phone}} (de lunes a viernes, de 8 a. m. a 5 p. m., hora del Pacífico) o escriba a {{email}}.',
  },
  welcome: {
    subject: 'Bienvenido a DeedWatch: verifique su correo electrónico',
    heading: 'Bienvenido a DeedWatch',
    intro:
      'Gracias por registrarse en DeedWatch, el servicio gratuito de alertas de fraude inmobiliario. Verifique su dirección de correo electrónico para activar la protección de los nombres y las propiedades que eligió.',
    after:
      'Una vez verificada, le enviaremos un correo electrónico cada vez que el registrador del condado registre un documento que afecte a alguno de ellos, con las primeras 2 páginas del documento adjuntas.',
    verifyLink: 'Verifique su correo electrónico: {{url}}',
    ignore: 'Si usted no se registró, ignore este correo electrónico.',
    button: 'Verificar mi correo electrónico',
  },
  magicLink: {
    subject: 'Su enlace para iniciar sesión en DeedWatch',
    heading: 'Inicie sesión en DeedWatch',
    intro:
      'Use este enlace para iniciar sesión en DeedWatch. Funciona una sola vez y vence en {{minutes}} minutos.',
    signInLink: 'Iniciar sesión: {{url}}',
    ignore: 'Si usted no pidió iniciar sesión, ignore este correo electrónico.',
    button: 'Iniciar sesión',
  },
  verifyMethod: {
    subject: 'Confirme su correo electrónico de alertas de DeedWatch',
    heading: 'Confirme su correo electrónico de alertas',
    intro:
      'Confirme que {{email}} debe recibir las alertas de DeedWatch. Las alertas solo se envían a direcciones verificadas.',
    confirmLink: 'Confirmar: {{url}}',
    ignore: 'Si usted no lo pidió, ignore este correo electrónico.',
    button: 'Confirmar este correo electrónico',
  },
  smsUnreachable: {
    subject: 'DeedWatch no puede enviar mensajes de texto a su teléfono',
    heading: 'No podemos enviar mensajes de texto a su teléfono',
    intro:
      'No pudimos entregar las alertas de DeedWatch por mensaje de texto al {{phone}}. {{reason}}',
    after:
      'No volveremos a enviar mensajes de texto a este número, y seguirá recibiendo sus alertas por correo electrónico. Para recibir mensajes de texto, elimine el número en su panel y agregue uno que pueda recibirlos.',
    dashboardLink: 'Su panel: {{url}}',
    button: 'Abrir mi panel',
  },
  alert: {
    intro_one:
      'El Registrador del {{county}} registró un documento que afecta a un elemento que usted protege con DeedWatch.',
    intro_other:
      'El Registrador del {{county}} registró un documento que afecta a elementos que usted protege con DeedWatch.',
    introPossible_one:
      'El Registrador del {{county}} registró un documento que menciona a alguien que podría ser usted: una posible coincidencia con un nombre que usted protege con DeedWatch. Bien podría tratarse de otra persona; revíselo.',
    introPossible_other:
      'El Registrador del {{county}} registró un documento que menciona a alguien que podría ser usted: una posible coincidencia con nombres que usted protege con DeedWatch. Bien podría tratarse de otra persona; revíselo.',
    respond:
      '¿Lo reconoce? Indíquelo en su panel: «Lo reconozco» cierra la alerta; «No fui yo» lo guía por un breve informe y le da un expediente del caso para el condado, la policía y su aseguradora de títulos.',
    whatMatched: 'Qué coincidió',
    theDocument: 'El documento',
    documentNumber: 'Número de documento',
    documentType: 'Tipo de documento',
    recordingDate: 'Fecha de registro',
    county: 'Condado',
    attached:
      'Las primeras 2 páginas del documento van adjuntas a este correo electrónico (el documento completo si es más corto).',
    tooLarge:
      'Las primeras páginas del documento son demasiado grandes para adjuntarlas. Use el enlace de abajo para ver el documento.',
    unavailable:
      'No hay una copia del documento disponible para adjuntar. Use el enlace de abajo o busque el documento por su número en la oficina del registrador del condado.',
    fraudIntro:
      'Si no esperaba este documento o no lo autorizó, podría ser un fraude. Usted puede:',
    sayNotMe:
      'indicar «No fui yo» en su panel, para obtener un expediente del caso y seguir adelante',
    reportContact: 'denunciarlo al contacto de fraude del condado:',
    contactRecorder: 'comunicarse con el Registrador del {{county}}:',
    callSupport: 'llamar al soporte de DeedWatch al {{phone}} ({{hours}})',
    emailSupport: 'escribir al soporte de DeedWatch a {{email}}',
    supportHours: 'de lunes a viernes, de 8 a. m. a 5 p. m., hora del Pacífico',
    reviewAlert: 'Revisar esta alerta',
    viewDocument: 'Ver el documento',
    yourAlerts: 'Sus alertas y elementos protegidos',
    phone: 'Teléfono: {{phone}}',
    email: 'Correo electrónico: {{email}}',
    web: 'Web: {{url}}',
    kinds: {
      apn: 'Propiedad (APN)',
      address: 'Dirección de la propiedad',
      name: 'Nombre',
    },
    roles: {
      grantor: 'otorgante, la parte que cede o vende (un vendedor o prestatario)',
      grantee: 'beneficiario, la parte que recibe (un comprador o prestamista)',
    },
    shows: 'el documento muestra {{value}}.',
    showsAs: 'el documento muestra {{value}} como {{role}}.',
    tiers: {
      exact: 'Coincidencia exacta.',
      strong: 'Una coincidencia cercana, no exacta: revísela.',
      possible: 'Posible coincidencia: {{because}}; compruebe si se trata de usted.',
    },
    namesakes_one: '{{count}} documento de este condado lleva este nombre',
    namesakes_other: '{{count}} documentos de este condado llevan este nombre',
  },
};
