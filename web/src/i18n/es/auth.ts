import type { Catalog } from '../catalog.ts';
import type { auth as en } from '../en/auth.ts';

export const auth: Catalog<typeof en> = {
  login: {
    title: 'Iniciar sesión',
    closeModal: 'Cerrar el inicio de sesión',
    prompt: 'Escriba su correo electrónico y le enviaremos un enlace para iniciar sesión.',
    email: 'Correo electrónico',
    emailRequired: 'El correo electrónico es obligatorio',
    emailInvalid: 'El correo electrónico no es válido',
    send: 'Enviar enlace de inicio de sesión',
    sentTitle: 'Revise su bandeja de entrada',
    sent: 'Si existe una cuenta para {{email}}, le enviamos un enlace para iniciar sesión. Ábralo para entrar; solo funciona una vez.',
  },
  code: {
    verifyingEmail: 'Verificando su correo electrónico',
    verifyingPhone: 'Verificando su teléfono',
    signingIn: 'Iniciando su sesión',
    emailVerifiedTitle: 'Su correo electrónico está verificado',
    emailVerified:
      'A partir de ahora, las alertas de DeedWatch de la cuenta que agregó esta dirección llegarán aquí. Abrir el enlace no inició sesión en esa cuenta.',
    phoneVerifiedTitle: 'Su teléfono está verificado',
    phoneVerified:
      'A partir de ahora, las alertas de DeedWatch por mensaje de texto de la cuenta que agregó este número llegarán aquí. Abrir el enlace no inició sesión en esa cuenta.',
    home: 'Ir a DeedWatch',
  },
  trustedContact: {
    accept: {
      title: 'Sea un contacto de confianza',
      intro:
        'Un suscriptor de DeedWatch lo nombró como contacto de confianza. Si acepta, le enviaremos por correo electrónico una copia de sus alertas más urgentes (Actúe ya), para que pueda comunicarse con esa persona. No tendrá acceso a su cuenta, y cada copia incluye un enlace para dejar de recibirlas.',
      button: 'Aceptar',
    },
    stop: {
      title: 'Dejar de recibir correos como contacto de confianza',
      intro:
        'Deje de recibir copias de las alertas de un suscriptor de DeedWatch. No se le enviará nada más, y el suscriptor verá que usted dejó de recibirlas.',
      button: 'Dejar de recibir estos correos',
    },
    thanks: 'Gracias',
    stopped: 'Envíos detenidos',
    accepted:
      'Ahora es contacto de confianza de {{email}}. Le enviaremos por correo electrónico una copia de sus alertas de Actúe ya; cada una incluye un enlace para dejar de recibirlas.',
    noMoreCopies: 'Ya no recibirá copias de las alertas de {{email}}.',
    linkFailed: 'Este enlace no funciona',
    linkInvalid: 'Este enlace no es válido, ya se usó o venció.',
  },
  document: {
    signInTitle: 'Inicie sesión para descargar su documento',
    signInReason:
      'Inicie sesión para descargar este documento. Abra en este navegador el enlace que le enviaremos por correo electrónico, y la descarga comenzará.',
    downloading: 'Descargando su documento',
    downloadingStatus: 'Descargando',
    failed: 'No se pudo descargar el documento',
  },
};
