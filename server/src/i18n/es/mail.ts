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
      '¿Lo reconoce? Indíquelo en su panel: «Lo reconozco» cierra la alerta; «No fui yo» lo guía por un breve informe y le da un expediente del caso para el condado, la policía y su compañía de seguros de títulos.',
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
      grantor: 'otorgante, la parte que cede o vende, sea vendedor o prestatario',
      grantee: 'adquirente, la parte que recibe, sea comprador o prestamista',
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
  digest: {
    subject_one: 'DeedWatch: {{count}} posible coincidencia que revisar',
    subject_other: 'DeedWatch: {{count}} posibles coincidencias que revisar',
    heading_one: '{{count}} posible coincidencia que revisar',
    heading_other: '{{count}} posibles coincidencias que revisar',
    intro_one:
      'DeedWatch encontró {{count}} posible coincidencia con los nombres que usted protege: un documento registrado que menciona a alguien que podría ser usted. Una posible coincidencia bien puede ser otra persona con el mismo nombre o uno parecido, por eso no se envió una alerta; compruebe si se trata de usted.',
    intro_other:
      'DeedWatch encontró {{count}} posibles coincidencias con los nombres que usted protege: documentos registrados que mencionan a alguien que podría ser usted. Una posible coincidencia bien puede ser otra persona con el mismo nombre o uno parecido, por eso no se envió una alerta; compruebe si se trata de usted.',
    more_one: 'Y {{count}} posible coincidencia más: véalas todas en su panel.',
    more_other: 'Y {{count}} posibles coincidencias más: véalas todas en su panel.',
    advice:
      'Si alguna de ellas es usted y no esperaba el documento, podría ser un fraude: comuníquese con el registrador del condado o llame al soporte de DeedWatch.',
    choice:
      'En su panel puede descartar una posible coincidencia y elegir, para cada nombre protegido, si sus posibles coincidencias llegan en este correo matutino, como alertas inmediatas o nunca.',
    item: '{{type}}, documento {{number}}, registrado el {{date}} en el {{county}}',
    shows: 'Su nombre protegido {{guarded}}; el documento muestra {{party}}.',
    showsAs: 'Su nombre protegido {{guarded}}; el documento muestra {{party}} como {{role}}.',
    viewDocument: 'Ver el documento',
    dashboardLink: 'Su panel: {{url}}',
    button: 'Abrir mi panel',
  },
  contactInvite: {
    subject: '{{email}} lo nombró contacto de confianza en DeedWatch',
    heading: 'Lo nombraron contacto de confianza',
    hello: 'Hola:',
    helloName: 'Hola, {{name}}:',
    intro:
      '{{email}} usa DeedWatch, un servicio gratuito que vigila el registro del condado en busca de documentos que afecten a su propiedad, y lo nombró a usted contacto de confianza. Si acepta, le enviaremos por correo electrónico una copia de las alertas más urgentes de esa persona (Actúe ya: una escritura o un préstamo que quizás esa persona no firmó, un aviso de incumplimiento, un gravamen), para que alguien de su confianza pueda hablar con ella.',
    terms:
      'No verá el panel de esa persona ni ninguna otra parte de su cuenta, y puede dejar de recibir las copias en cualquier momento con un clic. El enlace para aceptar es válido durante {{days}} días.',
    ignore:
      'Si no conoce a esta persona o no desea recibir estos correos, ignore este: no se enviará nada más a menos que acepte. O cancélelos ahora:',
    acceptLink: 'Aceptar: {{url}}',
    stop: 'Cancelar estos correos',
    button: 'Aceptar',
  },
  alertCopy: {
    subject: 'Copia para un contacto de confianza: {{headline}}',
    intro:
      'Usted es contacto de confianza de {{email}} en DeedWatch. Acabamos de enviar a {{email}} una alerta urgente, y esta es su copia:',
    ask: 'Comuníquese con {{email}}: si esa persona no esperaba este documento, podría ser un fraude, y actuar con rapidez es importante. Esa persona puede denunciarlo desde su propio panel de DeedWatch.',
    fraudContact: 'Contacto de fraude del condado:',
    recorder: 'Registrador del {{county}}:',
    stopIntro: 'Para dejar de recibir estas copias, use este enlace (un clic):',
    stop: 'Cancelar estas copias',
  },
  casePacket: {
    subject: 'Caso de DeedWatch {{caseNumber}}: su denuncia del documento {{number}}',
    heading: 'Caso {{caseNumber}}: recibimos su denuncia',
    intro:
      'Recibimos su denuncia de que el documento {{number}} ({{type}}, {{county}}) no es suyo. Es el caso {{caseNumber}}. Adjuntamos el expediente de su caso: los datos y las primeras páginas del documento, por qué coincidió, su declaración y a quién acudir en el condado.',
    next: 'El soporte de DeedWatch se comunicará con usted de la forma que pidió. Puede ver el estado de su caso en su panel. Mientras tanto, no nos espere:',
    stepContact:
      'Denúncielo al contacto de fraude del condado ({{contact}}) y entréguele el expediente.',
    stepContactHtml: 'Denúncielo al contacto de fraude del condado y entréguele el expediente:',
    stepRecorder: 'Denúncielo al Registrador del {{county}} ({{url}}) y entréguele el expediente.',
    stepPolice:
      'Presente una denuncia ante la policía o la oficina del alguacil de su localidad, y guarde su número.',
    stepTitle:
      'Llame a su compañía de seguros de títulos: su póliza podría cubrir un documento falsificado.',
    stepCredit:
      'Congele su crédito con Equifax, Experian y TransUnion, para que no se pueda abrir ningún préstamo nuevo a su nombre.',
    caseLink: 'Su caso: {{url}}',
    button: 'Ver su caso',
  },
  webhookDisabled: {
    subject: 'DeedWatch: se desactivó un punto de conexión de webhook',
    heading: 'Se desactivó un punto de conexión de webhook',
    intro:
      'Durante 24 horas fallaron todas las entregas a su punto de conexión de webhook {{url}}, por lo que ahora está desactivado: no se le envía ningún evento.',
    last: 'El último intento: {{error}}',
    next: 'Cuando el receptor vuelva a responder, active el punto de conexión en Acceso a la API en su panel y reenvíe las entregas que no recibió.',
    dashboardLink: 'Su panel: {{url}}',
    button: 'Abrir Acceso a la API',
  },
  history: {
    // "ya registrado" agrees with the count, so it belongs to the counted words.
    documents_one: '{{count}} documento ya registrado',
    documents_other: '{{count}} documentos ya registrados',
    moreDocuments_one: '{{count}} documento más',
    moreDocuments_other: '{{count}} documentos más',
    property: 'la propiedad {{guarded}}',
    found: 'Encontramos {{documents}} sobre {{what}} en el {{county}}.',
    foundAndPossible:
      'Encontramos {{documents}} sobre {{what}} en el {{county}}, y {{more}} con alguien de nombre parecido que podría ser otra persona.',
    possibleOnly:
      'Encontramos en el {{county}} {{documents}} con alguien de nombre parecido a {{what}}, que podría ser otra persona.',
    foundAndPossibleAddress:
      'Encontramos {{documents}} sobre {{what}} en el {{county}}, y {{more}} con una dirección parecida que podría ser otra propiedad.',
    possibleOnlyAddress:
      'Encontramos en el {{county}} {{documents}} con una dirección parecida a la de {{what}}, que podría ser otra propiedad.',
    nothing: '{{what}} en el {{county}}: nada registrado en los últimos diez años.',
    intro:
      'Cuando usted empieza a proteger un nombre o una propiedad, DeedWatch revisa lo que el registrador del condado registró en los diez años anteriores. Para lo que acaba de agregar, encontramos {{documents}}.',
    why: 'Estos documentos se registraron antes de que empezara a proteger esos nombres o propiedades, por lo que no enviamos una alerta por cada uno. Revíselos en su panel, en «Ya registrados»: un documento que no reconozca, como una escritura o un préstamo que usted no firmó, puede ser señal de fraude. Comuníquese con el registrador del condado o con el soporte de DeedWatch si alguno le preocupa.',
    subjectOne: 'DeedWatch: {{documents}} para {{guarded}}',
    subject: 'DeedWatch: {{documents}} para lo que usted protege',
    link: 'Ya registrados: {{url}}',
    heading: 'Ya registrados',
    button: 'Ver lo que está registrado',
  },
};
