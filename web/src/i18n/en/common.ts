/** Words the whole site shares: the header and the footer. */
export const common = {
  nav: {
    home: 'DeedWatch home',
    main: 'Main',
    mobile: 'Mobile',
    admin: 'ADMIN',
    dashboard: 'DASHBOARD',
    signUp: 'SIGN UP',
    faq: 'FAQ',
    support: 'SUPPORT',
    logout: 'LOGOUT',
    login: 'LOGIN',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
  },
  footer: {
    legal: 'Legal',
    terms: 'Terms of Use',
    privacy: 'Privacy Policy',
    support: 'Support',
  },
};
