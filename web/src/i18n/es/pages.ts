import type { Catalog } from '../catalog.ts';
import type { pages as en } from '../en/pages.ts';

export const pages: Catalog<typeof en> = {
  home: {
    title: 'Alertas gratuitas contra el fraude inmobiliario',
    intro:
      'DeedWatch vigila el Índice de Registros Oficiales del registrador de su condado y le envía un correo electrónico cuando se registra un documento que afecta a su propiedad o a su nombre, para que pueda actuar contra el fraude de escrituras antes de que le cueste su casa.',
    next: 'Siguiente',
  },
  howItWorks: {
    title: 'Cómo funciona',
    signUp: {
      title: 'Regístrese',
      text: 'Registre su correo electrónico y las propiedades (por APN o dirección) y los nombres de propietarios que desea proteger en su condado. La inscripción toma menos de 5 minutos y es gratuita.',
    },
    monitor: {
      title: 'Vigilancia',
      text: 'Vigilamos continuamente el Índice de Registros Oficiales del registrador del condado en busca de documentos registrados después de la activación de su suscripción.',
    },
    detect: {
      title: 'Detección y alerta',
      text: 'Cuando un documento registrado afecta a una propiedad o a un nombre protegido, le enviamos por correo electrónico una alerta que incluye las 2 primeras páginas del documento.',
    },
    report: {
      title: 'Denuncie el fraude',
      text: 'Si un documento parece fraudulento, siga las instrucciones del correo de alerta o comuníquese con el registrador del condado.',
    },
    remember: {
      title: 'Recuerde',
      text: 'Solo se cubren los documentos registrados después de la activación y solo los elementos que usted registró. No todos los APN ni todos los nombres aparecen en el índice, y los nombres comunes pueden generar alertas que no le corresponden.',
    },
  },
  faq: {
    title: 'Preguntas frecuentes',
    enrolling: {
      question: '¿Cómo me inscribo?',
      answer:
        'Elija Registrarse, escriba su correo electrónico y seleccione los nombres y las propiedades que desea proteger en su condado. La inscripción toma menos de 5 minutos, el servicio es gratuito y cada correo electrónico puede proteger hasta 10 nombres y 10 APN.',
    },
    alerts: {
      question: '¿Cuándo recibiré una alerta?',
      answer:
        'Le enviamos un correo electrónico cuando un documento registrado después de la activación de su suscripción afecta a una propiedad protegida (por APN o dirección) o a un nombre protegido. No todos los APN ni todos los nombres aparecen en el índice, y los nombres o apellidos comunes pueden generar alertas que no le corresponden.',
    },
    documents: {
      question: '¿Qué documentos incluye una alerta?',
      answer:
        'El correo de alerta incluye las 2 primeras páginas del documento registrado, y puede descargarlo desde su panel.',
    },
    unsubscribing: {
      question: '¿Cómo cancelo la suscripción a un elemento?',
      answer:
        'Inicie sesión, abra su panel y quite el elemento de Elementos protegidos. Ya no recibirá alertas sobre él.',
    },
    fraud: {
      question: '¿Qué debo hacer si sospecho de un fraude?',
      answer:
        'Siga las instrucciones del correo de alerta o comuníquese directamente con el registrador del condado.',
    },
    trusts: {
      question: '¿Puedo proteger una empresa o un fideicomiso?',
      answer:
        'Sí. Los nombres pueden ser de personas, de empresas o de fideicomisos; escriba el nombre tal como aparece en los documentos registrados.',
    },
  },
  privacy: {
    title: 'Política de privacidad',
    intro: 'Cómo trata DeedWatch su información personal.',
    ccpa: 'Los residentes de California tienen los derechos que les otorga la CCPA.',
    children: 'El servicio no está dirigido a menores de 13 años.',
    contact:
      'Puede comunicarse con nosotros sobre temas de privacidad por correo electrónico a <email>{{email}}</email>.',
    noSale: 'No vendemos su información personal.',
  },
  terms: {
    title: 'Condiciones de uso',
    intro: 'Al usar DeedWatch, usted acepta estas condiciones.',
    arbitration:
      'Las disputas se resuelven mediante arbitraje en el condado de Sacramento, conforme a las leyes de California.',
    notice: 'Toda reclamación debe notificarse dentro del plazo de 1 año.',
    passwords: 'Las contraseñas de las cuentas no deben compartirse.',
    prepaid: 'Los pedidos se pagan por adelantado.',
  },
  support: {
    title: 'Ayuda',
    intro: '¿Tiene preguntas sobre sus alertas o los elementos que protege? Con gusto le ayudamos.',
    callUs: 'Llámenos',
    hours: 'De lunes a viernes, de 8 a. m. a 5 p. m., hora del Pacífico',
    emailUs: 'Escríbanos',
    emailHours: 'Nuestro equipo de ayuda responde los correos electrónicos en días hábiles.',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'No hay ninguna página en esta dirección. Es posible que el enlace sea antiguo o esté mal escrito.',
    home: 'Ir a la página de inicio',
  },
};
