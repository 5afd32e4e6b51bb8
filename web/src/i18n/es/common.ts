import type { Catalog } from '../catalog.ts';
import type { common as en } from '../en/common.ts';

export const common: Catalog<typeof en> = {
  nav: {
    home: 'Inicio de DeedWatch',
    main: 'Principal',
    mobile: 'Móvil',
    admin: 'ADMINISTRACIÓN',
    dashboard: 'MI PANEL',
    signUp: 'REGISTRARSE',
    faq: 'PREGUNTAS',
    support: 'AYUDA',
    logout: 'CERRAR SESIÓN',
    login: 'INICIAR SESIÓN',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    menu: 'Menú',
  },
  footer: {
    legal: 'Aviso legal',
    terms: 'Condiciones de uso',
    privacy: 'Política de privacidad',
    support: 'Ayuda',
  },
  toast: {
    error: 'Error',
    success: 'Listo',
  },
  errors: {
    generic: 'Se produjo un error. Inténtelo de nuevo más tarde.',
  },
  actions: {
    close: 'Cerrar',
    closeDialog: 'Cerrar ventana',
    cancel: 'Cancelar',
  },
  impersonating: {
    unavailable: 'No disponible mientras suplanta a un usuario.',
  },
  session: {
    checking: 'Comprobando su sesión',
  },
  banners: {
    qaSite: '¡ESTE ES EL SITIO DE PRUEBAS (QA)!',
    devSite: '¡ESTE ES EL SITIO DE DESARROLLO!',
    impersonating: 'Está suplantando a un usuario. Cierre la sesión para volver a su cuenta.',
    dismiss: 'Descartar el mensaje',
    emailVerified: 'Su correo electrónico está verificado.',
    phoneVerified: 'Su número de teléfono está verificado.',
  },
};
