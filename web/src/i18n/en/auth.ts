/** Signing in, verifying an email or phone, sign-in links, trusted-contact answers, document links. */
export const auth = {
  login: {
    title: 'Login',
    closeModal: 'Close login',
    prompt: 'Enter your email and we will send you a link to sign in.',
    email: 'Email',
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    send: 'Send Login Link',
    sentTitle: 'Check your inbox',
    sent: 'If an account exists for {{email}}, a sign-in link is on its way. Open it to sign in; it works once.',
  },
  code: {
    verifyingEmail: 'Verifying your email',
    verifyingPhone: 'Verifying your phone',
    signingIn: 'Signing you in',
    emailVerifiedTitle: 'Your email is verified',
    emailVerified:
      'DeedWatch alerts of the account that added this address will come here from now on. Opening the link did not sign you in to that account.',
    phoneVerifiedTitle: 'Your phone is verified',
    phoneVerified:
      'DeedWatch text alerts of the account that added this number will come here from now on. Opening the link did not sign you in to that account.',
    home: 'Go to DeedWatch',
  },
  trustedContact: {
    accept: {
      title: 'Become a trusted contact',
      intro:
        'A DeedWatch subscriber named you as a trusted contact. If you accept, we will email you a copy of their most urgent alerts (Act now), so that you can check in with them. You will not see their account, and every copy has a link to stop.',
      button: 'Accept',
    },
    stop: {
      title: 'Stop trusted-contact emails',
      intro:
        "Stop receiving copies of a DeedWatch subscriber's alerts. Nothing more will be sent to you, and they will see that you stopped.",
      button: 'Stop These Emails',
    },
    thanks: 'Thank you',
    stopped: 'Stopped',
    accepted:
      'You are now a trusted contact of {{email}}. We will email you a copy of their Act now alerts; each has a link to stop.',
    noMoreCopies: "You will get no more copies of {{email}}'s alerts.",
    linkFailed: 'This link does not work',
    linkInvalid: 'This link is invalid, used or expired.',
  },
  document: {
    signInTitle: 'Sign in to download your document',
    signInReason:
      'Sign in to download this document. Open the link we email you in this browser, and the download starts.',
    downloading: 'Downloading your document',
    downloadingStatus: 'Downloading',
    failed: 'Failed to download document',
  },
};
