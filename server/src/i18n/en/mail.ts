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
  digest: {
    subject_one: 'DeedWatch: {{count}} possible match to check',
    subject_other: 'DeedWatch: {{count}} possible matches to check',
    heading_one: '{{count}} possible match to check',
    heading_other: '{{count}} possible matches to check',
    intro_one:
      'DeedWatch found {{count}} possible match for the names you guard: a document recorded naming someone who may be you. A possible match may well be somebody else with the same or a similar name, so no alert was sent for it; please check whether it is you.',
    intro_other:
      'DeedWatch found {{count}} possible matches for the names you guard: documents recorded naming someone who may be you. Each may well be somebody else with the same or a similar name, so no alert was sent for them; please check whether any is you.',
    more_one: 'And {{count}} possible match more: see them all on your dashboard.',
    more_other: 'And {{count}} possible matches more: see them all on your dashboard.',
    advice:
      'If one of them is you and you did not expect the document, it may be fraud: contact the county recorder, or call DeedWatch support.',
    choice:
      'On your dashboard you can dismiss a possible match, and choose for each guarded name whether its possible matches come in this morning email, as alerts at once, or not at all.',
    item: '{{type}}, document {{number}}, recorded {{date}} in {{county}}',
    shows: 'Your guarded name {{guarded}}; the document shows {{party}}.',
    showsAs: 'Your guarded name {{guarded}}; the document shows {{party}} as {{role}}.',
    viewDocument: 'View the document',
    dashboardLink: 'Your dashboard: {{url}}',
    button: 'Open my dashboard',
  },
  contactInvite: {
    subject: '{{email}} named you as a trusted contact on DeedWatch',
    heading: 'You were named as a trusted contact',
    hello: 'Hello,',
    helloName: 'Hello {{name}},',
    intro:
      '{{email}} uses DeedWatch, a free service that watches the county recorder for documents affecting their property, and has named you as a trusted contact. If you accept, we will email you a copy of their most urgent alerts (Act now: a deed or a loan they may not have signed, a notice of default, a lien), so that someone they trust can check in with them.',
    terms:
      'You will not see their dashboard or anything else of their account, and you can stop at any time with one click. The link to accept works for {{days}} days.',
    ignore:
      'If you do not know this person or do not want these emails, ignore this one: nothing more is sent unless you accept. Or stop it now:',
    acceptLink: 'Accept: {{url}}',
    stop: 'Stop these emails',
    button: 'Accept',
  },
  alertCopy: {
    subject: 'Copy for a trusted contact: {{headline}}',
    intro:
      'You are a trusted contact of {{email}} on DeedWatch. We have just sent them an urgent alert, and this is your copy:',
    ask: 'Please check in with {{email}}: if they did not expect this document, it may be fraud, and acting quickly matters. They can report it from their DeedWatch dashboard.',
    fraudContact: "The county's fraud contact:",
    recorder: 'The {{county}} Recorder:',
    stopIntro: 'To stop receiving these copies, use this link (one click):',
    stop: 'Stop these copies',
  },
  casePacket: {
    subject: 'DeedWatch case {{caseNumber}}: your report of document {{number}}',
    heading: 'Case {{caseNumber}}: we received your report',
    intro:
      "We received your report that document {{number}} ({{type}}, {{county}}) was not you. It is case {{caseNumber}}. Your case packet is attached: the document's details and first pages, why it matched, your statement, and whom to contact at the county.",
    next: 'DeedWatch support will contact you the way you asked. You can see where your case stands on your dashboard. Meanwhile, do not wait for us:',
    stepContact: "Report it to the county's fraud contact ({{contact}}) and give them the packet.",
    stepContactHtml: "Report it to the county's fraud contact and give them the packet:",
    stepRecorder: 'Report it to the {{county}} Recorder ({{url}}) and give them the packet.',
    stepPolice: 'File a police report with your local police or sheriff, and keep its number.',
    stepTitle: 'Call your title insurance company: your policy may cover a forged document.',
    stepCredit:
      'Freeze your credit with Equifax, Experian and TransUnion, so no new loan can be opened in your name.',
    caseLink: 'Your case: {{url}}',
    button: 'See your case',
  },
  webhookDisabled: {
    subject: 'DeedWatch: a webhook endpoint was disabled',
    heading: 'A webhook endpoint was disabled',
    intro:
      'For 24 hours every delivery to your webhook endpoint {{url}} failed, so it is now disabled: no events are sent to it.',
    last: 'The last attempt: {{error}}',
    next: 'Once the receiver answers again, enable the endpoint under API Access on your dashboard, and resend the deliveries it missed.',
    dashboardLink: 'Your dashboard: {{url}}',
    button: 'Open API Access',
  },
  history: {
    documents_one: '{{count}} document',
    documents_other: '{{count}} documents',
    moreDocuments_one: '{{count}} more document',
    moreDocuments_other: '{{count}} more documents',
    property: 'the property {{guarded}}',
    found: 'We found {{documents}} already recorded against {{what}} in {{county}}.',
    foundAndPossible:
      'We found {{documents}} already recorded against {{what}} in {{county}}, and {{more}} naming someone with a similar name who may be somebody else.',
    possibleOnly:
      'We found {{documents}} already recorded in {{county}} naming someone with a name like {{what}}, who may be somebody else.',
    foundAndPossibleAddress:
      'We found {{documents}} already recorded against {{what}} in {{county}}, and {{more}} at a similar address that may be another property.',
    possibleOnlyAddress:
      'We found {{documents}} already recorded in {{county}} at an address like that of {{what}}, which may be another property.',
    nothing: '{{what}} in {{county}}: nothing on record in the last ten years.',
    intro:
      'When you start guarding a name or a property, DeedWatch looks through what the county recorder has recorded in the ten years before. For what you just added, we found {{documents}}.',
    why: 'These documents were recorded before you began guarding, so we did not send an alert for each one. Please look at them on your dashboard under "Already on Record": a document you do not recognise, such as a deed or a loan you did not sign, may be a sign of fraud. Contact the county recorder or DeedWatch support if one worries you.',
    subjectOne: 'DeedWatch: {{documents}} already on record for {{guarded}}',
    subject: 'DeedWatch: {{documents}} already on record for what you guard',
    link: 'Already on record: {{url}}',
    heading: 'Already on record',
    button: 'See what is on record',
  },
};
