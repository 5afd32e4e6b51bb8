/** Words the whole site shares: the header, the footer, toasts, banners and common buttons. */
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
  toast: {
    error: 'Error',
    success: 'Success',
  },
  errors: {
    generic: 'Something went wrong. Please try again later.',
  },
  actions: {
    close: 'Close',
    closeDialog: 'Close dialog',
    cancel: 'Cancel',
  },
  session: {
    checking: 'Checking your session',
  },
  impersonating: {
    unavailable: 'Not available while impersonating a user.',
  },
  banners: {
    qaSite: 'THIS IS THE QA SITE!',
    devSite: 'THIS IS THE DEV SITE!',
    impersonating:
      'You are currently impersonating a user. Please logout to return to your account.',
    dismiss: 'Dismiss message',
    emailVerified: 'Your email is verified.',
    phoneVerified: 'Your phone number is verified.',
  },
};
