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
};
