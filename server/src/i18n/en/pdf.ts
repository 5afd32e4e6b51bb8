/** The PDFs the product makes: an alert's excerpt of a document, a case packet. */
export const pdf = {
  excerpt: {
    title_one: 'Document {{number}}: the first page, as recorded in {{county}}',
    title_other: 'Document {{number}}: the first {{count}} pages, as recorded in {{county}}',
  },
  casePacket: {
    title: 'DeedWatch case {{caseNumber}}: document {{documentNumber}}',
    heading: 'DeedWatch case packet',
    reported: 'Case {{caseNumber}}, reported on {{date}}',
    intro:
      'A subscriber of DeedWatch, a free property-fraud alert service, reports that this recorded document is not theirs: they did not sign or authorise it. {{level}}: {{what}}',
    theDocument: 'The recorded document',
    documentNumber: 'Document number',
    documentType: 'Document type',
    recordingDate: 'Recording date',
    county: 'County',
    countyRecorder: 'County recorder',
    whyMatched: 'Why DeedWatch matched it',
    guarded: 'Guarded by the subscriber',
    shows: 'The document shows',
    match: 'Match',
    matchValue: '{{kind}}, {{tier}}',
    statement: "The subscriber's statement",
    reach: 'How to reach the subscriber',
    email: 'Email',
    phone: 'Phone',
    prefers: 'Prefers',
    preferPhone: 'a phone call',
    preferEmail: 'email',
    fraudContact: "The county's fraud contact",
    recorder: 'The {{county}} Recorder: {{url}}',
    nextSteps: 'Next steps',
    stepFraudContact:
      "Contact the county's fraud contact above with this packet and the document number {{number}}.",
    stepRecorder:
      'Contact the {{county}} Recorder ({{url}}) with this packet and the document number {{number}}.',
    stepPolice:
      "File a report with your local police or sheriff's department, or the District Attorney's real estate fraud unit, and keep the report number.",
    stepTitle:
      "Call your title insurance company: your owner's policy may cover a forged or fraudulent document. Give them this packet.",
    stepCredit:
      'Place a credit freeze with Equifax, Experian and TransUnion, so no new loan can be opened in your name.',
    stepKeep:
      'Keep this packet and your case number {{caseNumber}}. DeedWatch support: {{phone}}, {{email}}.',
    firstPages: 'The first pages of the document',
    follow_one: 'The first page of document {{number}} follow.',
    follow_other: 'The first {{count}} pages of document {{number}} follow.',
    noCopy:
      'A copy of the document could not be included. Order one from the {{county}} Recorder by its number, {{number}}.',
    kinds: { apn: 'by APN', address: 'by address', name: 'by name' },
    tiers: { exact: 'exact match', strong: 'strong match', possible: 'possible match' },
    problems: {
      did_not_sign: 'I did not sign this document',
      not_authorised: 'I did not authorise anyone to sign it for me',
      unknown_parties: 'I do not know the people or companies named on it',
      other: 'Something else is wrong',
    },
  },
};
