/** What every email shares: the frame around its message; then each email's own words. */
export const mail = {
  layout: {
    buttonFallback: 'If the button does not work, paste this link into your browser:',
    questions: 'Questions? Call {{phone}} (Monday to Friday 8AM-5PM PST) or write to {{email}}.',
  },
  welcome: {
    subject: 'Welcome to DeedWatch: please verify your email',
    heading: 'Welcome to DeedWatch',
    intro:
      'Thank you for registering for DeedWatch, the free property-fraud alert service. Please verify your email address to activate the protection of the names and properties you chose.',
    after:
      'Once verified, we email you whenever the county recorder records a document that affects one of them, with the first 2 pages of the document attached.',
    verifyLink: 'Verify your email: {{url}}',
    ignore: 'If you did not sign up, ignore this email.',
    button: 'Verify my email',
  },
  magicLink: {
    subject: 'Your DeedWatch sign-in link',
    heading: 'Sign in to DeedWatch',
    intro:
      'Use this link to sign in to DeedWatch. It works once and expires in {{minutes}} minutes.',
    signInLink: 'Sign in: {{url}}',
    ignore: 'If you did not ask to sign in, ignore this email.',
    button: 'Sign in',
  },
  verifyMethod: {
    subject: 'Confirm your DeedWatch alert email',
    heading: 'Confirm your alert email',
    intro:
      'Confirm that {{email}} should receive DeedWatch alerts. Alerts go only to verified addresses.',
    confirmLink: 'Confirm: {{url}}',
    ignore: 'If you did not ask for this, ignore this email.',
    button: 'Confirm this email',
  },
  smsUnreachable: {
    subject: 'DeedWatch cannot text your phone',
    heading: 'We cannot text your phone',
    intro: 'We could not deliver DeedWatch text alerts to {{phone}}. {{reason}}',
    after:
      'We will not text this number again, and your alerts keep coming by email. To receive texts, remove the number on your dashboard and add one that can take texts.',
    dashboardLink: 'Your dashboard: {{url}}',
    button: 'Open my dashboard',
  },
  alert: {
    intro_one:
      'The {{county}} Recorder recorded a document that affects an item you guard with DeedWatch.',
    intro_other:
      'The {{county}} Recorder recorded a document that affects items you guard with DeedWatch.',
    introPossible_one:
      'The {{county}} Recorder recorded a document naming someone who may be you: a possible match of a name you guard with DeedWatch. It may well be somebody else; please check it.',
    introPossible_other:
      'The {{county}} Recorder recorded a document naming someone who may be you: a possible match of names you guard with DeedWatch. It may well be somebody else; please check it.',
    respond:
      'Do you recognise it? Say so on your dashboard: "I recognise this" closes the alert; "This wasn\'t me" takes you through a short report and gives you a case packet for the county, the police and your title insurer.',
    whatMatched: 'What it matched',
    theDocument: 'The document',
    documentNumber: 'Document number',
    documentType: 'Document type',
    recordingDate: 'Recording date',
    county: 'County',
    attached:
      'The first 2 pages of the document are attached to this email (the whole document if it is shorter).',
    tooLarge:
      'The first pages of the document are too large to attach. Use the link below to view the document.',
    unavailable:
      'A copy of the document is not available to attach. Use the link below, or look the document up by its number at the county recorder.',
    fraudIntro:
      'If you did not expect this document or did not authorise it, it may be fraud. You can:',
    sayNotMe: 'say "This wasn\'t me" on your dashboard, for a case packet to take further',
    reportContact: "report it to the county's fraud contact:",
    contactRecorder: 'contact the {{county}} Recorder:',
    callSupport: 'call DeedWatch support at {{phone}} ({{hours}})',
    emailSupport: 'email DeedWatch support at {{email}}',
    supportHours: 'Monday to Friday 8AM-5PM PST',
    reviewAlert: 'Review this alert',
    viewDocument: 'View the document',
    yourAlerts: 'Your alerts and guarded items',
    phone: 'Phone: {{phone}}',
    email: 'Email: {{email}}',
    web: 'Web: {{url}}',
    kinds: {
      apn: 'Property (APN)',
      address: 'Property address',
      name: 'Name',
    },
    roles: {
      grantor: 'grantor, the party giving or selling (a seller or borrower)',
      grantee: 'grantee, the party receiving (a buyer or lender)',
    },
    shows: 'the document shows {{value}}.',
    showsAs: 'the document shows {{value}} as {{role}}.',
    tiers: {
      exact: 'Exact match.',
      strong: 'A close match, not exact: please check it.',
      possible: 'Possible match — {{because}}; check whether this is you.',
    },
    namesakes_one: '{{count}} document in this county carries this name',
    namesakes_other: '{{count}} documents in this county carry this name',
  },
};
