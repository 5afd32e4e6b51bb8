/** Why an alert matched and what its level means, as the dashboard and the alerts say it. */
export const reasons = {
  levels: {
    actNow: 'Act now',
    check: 'Check',
    records: 'For your records',
  },
  headline: {
    line: '{{level}}: {{what}}',
    possible: '{{level}}, possible match',
  },
  match: {
    apn: 'The document names APN {{apn}}.',
    address: 'The document names the address {{address}}.',
    similarAddress:
      'The document names {{matched}}: the same house number and zip as {{address}}, and a similar street.',
  },
  name: {
    same: 'Same name: {{name}}',
    sameSuffixOneSide: 'Same name: {{name}}, suffix {{suffix}} given on one side only',
    sameOrganisation: 'Same {{kind}} name: {{name}}',
    sameFirst: 'Same surname and first name: {{name}}',
    middleOneSide:
      'Same surname and first name: {{name}}, middle name {{middle}} given on one side only',
    sameMiddle: 'Same surname, first and middle name: {{name}} {{middle}}',
    middleInitial: 'Same surname and first name, middle initial {{initial}} matches {{full}}',
    nickname: 'Same surname {{surname}}, and {{first}} and {{other}} are forms of one given name',
    initial: 'Same surname {{surname}}, and first initial {{initial}} may stand for {{full}}',
    part: '{{part}} is one part of the two-part surname {{whole}}, same first name {{first}}',
    typo: 'Surname {{surname}} is one letter from {{other}}, same first name {{first}}',
    typoNoFirst: 'Surname {{surname}} is one letter from {{other}}, same first name (none)',
  },
  possible: {
    part: 'only one part of a two-part surname matches',
    initial: 'only the first initial matches',
    common: 'a common name',
  },
  what: {
    aProperty: 'property',
    yourProperty: 'your property',
    conveyanceFrom:
      'A deed transferring {{property}} from you was recorded in {{county}} on {{date}}.',
    conveyanceTo: 'A deed transferring {{property}} to you was recorded in {{county}} on {{date}}.',
    conveyance: 'A deed transferring {{property}} was recorded in {{county}} on {{date}}.',
    loanBorrower:
      'A loan secured by {{property}}, naming you as the borrower, was recorded in {{county}} on {{date}}.',
    loanLender: 'A loan naming you as the lender was recorded in {{county}} on {{date}}.',
    loan: 'A loan secured by {{property}} was recorded in {{county}} on {{date}}.',
    defaultName:
      'A notice of default naming you was recorded in {{county}} on {{date}}: a lender says a loan is behind and may foreclose.',
    defaultProperty:
      'A notice of default affecting {{property}} was recorded in {{county}} on {{date}}: a lender says a loan is behind and may foreclose.',
    saleName:
      "A notice of trustee's sale naming you was recorded in {{county}} on {{date}}: a foreclosure sale has been set.",
    saleProperty:
      "A notice of trustee's sale affecting {{property}} was recorded in {{county}} on {{date}}: a foreclosure sale has been set.",
    lawsuitName:
      'A notice of a lawsuit (lis pendens) naming you was recorded in {{county}} on {{date}}.',
    lawsuitProperty:
      'A notice of a lawsuit (lis pendens) affecting {{property}} was recorded in {{county}} on {{date}}.',
    lienName: 'A lien naming you was recorded in {{county}} on {{date}}.',
    lienProperty: 'A lien against {{property}} was recorded in {{county}} on {{date}}.',
    judgmentName: 'A judgment naming you was recorded in {{county}} on {{date}}.',
    judgmentProperty: 'A judgment affecting {{property}} was recorded in {{county}} on {{date}}.',
    deathName:
      'An affidavit of death naming you was recorded in {{county}} on {{date}}: it can pass property held in joint tenancy.',
    deathProperty:
      'An affidavit of death affecting {{property}} was recorded in {{county}} on {{date}}: it can pass property held in joint tenancy.',
    reconveyanceName:
      'A reconveyance naming you was recorded in {{county}} on {{date}}: a loan has been paid off and released.',
    reconveyanceProperty:
      'A reconveyance affecting {{property}} was recorded in {{county}} on {{date}}: a loan has been paid off and released.',
    releaseName:
      'A release naming you was recorded in {{county}} on {{date}}: a lien, loan or judgment has been paid or released.',
    releaseProperty:
      'A release affecting {{property}} was recorded in {{county}} on {{date}}: a lien, loan or judgment has been paid or released.',
    assignmentName:
      'An assignment of a loan naming you was recorded in {{county}} on {{date}}: the loan has a new holder.',
    assignmentProperty:
      'An assignment of a loan affecting {{property}} was recorded in {{county}} on {{date}}: the loan has a new holder.',
    substitutionName:
      'A substitution of trustee on a loan naming you was recorded in {{county}} on {{date}}.',
    substitutionProperty:
      'A substitution of trustee on a loan affecting {{property}} was recorded in {{county}} on {{date}}.',
    easementName: 'An easement naming you was recorded in {{county}} on {{date}}.',
    easementProperty: 'An easement affecting {{property}} was recorded in {{county}} on {{date}}.',
    otherGrantor:
      '{{article}} {{type}} naming you as grantor was recorded in {{county}} on {{date}}.',
    otherGrantee:
      '{{article}} {{type}} naming you as grantee was recorded in {{county}} on {{date}}.',
    otherProperty:
      '{{article}} {{type}} affecting {{property}} was recorded in {{county}} on {{date}}.',
    copyGrantor:
      '{{article}} {{type}} naming {{name}} as grantor was recorded in {{county}} on {{date}}.',
    copyGrantee:
      '{{article}} {{type}} naming {{name}} as grantee was recorded in {{county}} on {{date}}.',
    document: 'document',
    articleA: 'A',
    articleAn: 'An',
  },
};
