/**
 * Hand-labelled name pairs: whether a recorded name (candidate) should alert the subscriber who
 * guards `guarded`. The first block is the product's original examples; the rest probe each
 * rule from both sides. Shared by the unit test of matchName and the SQL agreement test of the
 * matcher.
 */

export type LabelledName = {
  guarded: string;
  candidate: string;
  expected: boolean;
  class: 'person' | 'business' | 'trust';
};

const person = (guarded: string, candidate: string, expected: boolean): LabelledName => ({
  guarded,
  candidate,
  expected,
  class: 'person',
});
const business = (guarded: string, candidate: string, expected: boolean): LabelledName => ({
  guarded,
  candidate,
  expected,
  class: 'business',
});
const trust = (guarded: string, candidate: string, expected: boolean): LabelledName => ({
  guarded,
  candidate,
  expected,
  class: 'trust',
});

export const LABELLED_NAMES: readonly LabelledName[] = [
  // The product's original examples.
  person('SMITH JOHN A', 'SMITH JOHN', true),
  person('SMITH JOHN A', 'SMITH JOHN ALLEN', true),
  person('SMITH JOHN A', 'JOHN A SMITH', true),
  person('SMITH JOHN A', 'SMITH, JOHN A.', true),
  person('SMITH JOHN A', 'SMITH JOHN A JR', true),
  person('SMITH JOHN A', 'SMITH JOHN A TR', true),
  person('SMITH JOHN A', 'SMITH JOHN A TRUSTEE', true),
  person('SMITH JOHN A', 'SMITH JOHN A ET AL', true),
  person('SMITH JOHN A', 'SMTIH JOHN A.', true),
  person('SMITH JOHN A', 'SMITH JANE', false),
  person('SMITH JOHN A', 'SMITH JOHN B', false),
  person('SMITH JOHN A', 'SMITHSON JOHN A', false),
  person('SMITH JOHN A', 'JOHNSON SMITH', false),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS L.L.C.', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS, LLC', true),
  business('ACME HOLDINGS L.L.C.', 'ACME HOLDINGS, LLC', true),
  trust('THE SMITH FAMILY TRUST', 'SMITH FAMILY TRUST DATED 1/2/2003', true),
  trust('THE SMITH FAMILY TRUST', 'SMITH FAMILY TR', true),
  trust('SMITH FAMILY TRUST DATED 1/2/2003', 'SMITH FAMILY TR', true),

  // People: suffixes, trustee and party markers, descriptions, aliases.
  person('SMITH JOHN A', 'SMITH JOHN A III', true),
  person('SMITH JOHN A', 'SMITH JOHN A SR.', true),
  person('SMITH JOHN A', 'SMITH JOHN A TTEE', true),
  person('SMITH JOHN A', 'SMITH JOHN A ETUX', true),
  person('SMITH JOHN A', 'SMITH JOHN A ET. VIR', true),
  person('SMITH JOHN A', 'SMITH, JOHN A, A MARRIED MAN', true),
  person('SMITH JOHN A', 'SMITH JOHN A AKA JOHN ALLEN SMITH', true),
  person('SMITH JOHN A', 'SMITH JOHN A & MARY B', true),
  person('SMITH JOHN A', 'ESTATE OF JOHN A SMITH', true),
  person('SMITH JOHN A', 'JOHN A SMITH AS TRUSTEE OF THE SMITH FAMILY TRUST', true),
  // People: word order, middle names, first names.
  person('JOHN SMITH', 'SMITH JOHN', true),
  person('SMITH JOHN ALLEN', 'SMITH JOHN A', true),
  person('SMITH JOHN ALLEN', 'SMITH JOHN ALLEN ROBERT', true),
  person('SMITH JOHN ALLEN', 'SMITH JOHN ALBERT', false),
  person('SMITH JOHN A', 'SMITH JOHNATHAN A', false),
  person('SMITH JOHN A', 'SMITH J A', false),
  person('SMITH JOHN', 'SMITH', false),
  person('SMITH JOHN A', 'JONES JOHN A', false),
  person('SMITH JOHN A', 'JOHN SMITH B', false),
  person('GARCIA JOSE', 'GARCÍA, JOSÉ', true),
  // People: one-edit surname typos (4+ letters), and what is not one.
  person('SMITH JOHN A', 'SMYTH JOHN A', true),
  person('SMITH JOHN A', 'SMYTHE JOHN A', false),
  person('GARCIA MARIA', 'GRACIA MARIA', true),
  person('GARCIA MARIA', 'GARZA MARIA', false),
  person('JOHNSON ROBERT', 'JONSON ROBERT', true),
  person('JOHNSON ROBERT', 'JOHNSTON ROBERT', true),
  person('JOHNSON ROBERT', 'JOHNSTON ROBERTA', false),
  person('SMITH JOHN A', 'SMTIH JANE', false),
  // People: short surnames get no typo matching.
  person('LEE JOHN', 'LI JOHN', false),
  person('LEE JOHN', 'LEA JOHN', false),
  person('LI WEI', 'LIU WEI', false),
  person('LEE JOHN', 'JOHN LEE', true),
  person('NG KEVIN', 'KEVIN NG', true),
  // People: apostrophes, hyphens, particles.
  person("O'BRIEN PATRICK", 'OBRIEN PATRICK', true),
  person("O'BRIEN PATRICK", 'PATRICK OBRIEN', true),
  person('SMITH-JONES MARY', 'SMITHJONES MARY', true),
  person('SMITH-JONES MARY', 'SMITH-JONES, MARY', true),
  person('SMITH-JONES MARY', 'SMITH MARY', false),
  person('SMITH-JONES MARY', 'JONES MARY', false),
  person('MCDONALD RONALD', 'MC DONALD RONALD', true),
  person('MCDONALD RONALD', 'MC DONALD, RONALD', true),
  person('MCDONALD RONALD', 'RONALD MCDONALD', true),
  person('MCDONALD RONALD', 'DONALD RONALD', false),
  person('DELACRUZ MARIA', 'DE LA CRUZ MARIA', true),
  person('NGUYEN VAN THANH', 'NGUYEN VAN T', true),
  person('NGUYEN VAN THANH', 'NGUYEN VAN MINH', false),
  // People never match businesses or trusts.
  person('SMITH JOHN A', 'SMITH JOHN A LLC', false),
  person('SMITH JOHN A', 'SMITH JOHN A REVOCABLE TRUST', false),
  person('SMITH JOHN A', '', false),

  // Businesses: designators unified within a class, never across classes.
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS L L C', true),
  business('ACME HOLDINGS LLC', 'THE ACME HOLDINGS LLC', true),
  business('ACME HOLDINGS LLC', 'Acme Holdings, L.L.C.', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS LIMITED LIABILITY COMPANY', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS, LLC, A DELAWARE LIMITED LIABILITY COMPANY', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS, A DELAWARE LIMITED LIABILITY COMPANY', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS LLC DBA ACME REALTY', true),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS INC', false),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS LLP', false),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS CORP', false),
  business('ACME HOLDINGS INC', 'ACME HOLDINGS, INC.', true),
  business('ACME HOLDINGS INC', 'ACME HOLDINGS INCORPORATED', true),
  business('ACME CORP', 'ACME CORPORATION', true),
  business('ACME HOLDINGS LP', 'ACME HOLDINGS L.P.', true),
  business('ACME HOLDINGS LP', 'ACME HOLDINGS LIMITED PARTNERSHIP', true),
  business('ACME HOLDINGS LTD', 'ACME HOLDINGS LIMITED', true),
  business('SMITH & SONS CO', 'SMITH AND SONS COMPANY', true),
  business("O'NEIL PROPERTIES INC", 'ONEIL PROPERTIES INC', true),
  business('WELLS FARGO BANK N.A.', 'WELLS FARGO BANK, NATIONAL ASSOCIATION', true),
  business('J.P. MORGAN CHASE BANK', 'JP MORGAN CHASE BANK', true),
  // Businesses: shared words are not the same business; no typo matching.
  business('ACME HOLDINGS LLC', 'ACME PROPERTIES LLC', false),
  business('ACME HOLDINGS LLC', 'ACME HOLDINGS GROUP LLC', false),
  business('ACME HOLDINGS LLC', 'ACME HOLDING LLC', false),
  business('ACME HOLDINGS LLC', 'PINNACLE HOLDINGS LLC', false),
  business('WELLS FARGO BANK N.A.', 'WELLS FARGO FINANCIAL INC', false),
  business('ACME HOLDINGS LLC', 'ACME JOHN', false),

  // Trusts: markers, dates, abbreviations, trustees.
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST U/A DTD 05/01/1999', true),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST DTD 3/4/2010', true),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST, JOHN A SMITH TRUSTEE', true),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST UTD 6/7/2001', true),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST, WELLS FARGO BANK N.A. TRUSTEE', true),
  trust('SMITH FAMILY REVOCABLE TRUST', 'SMITH FAMILY REV TR', true),
  trust('JONES IRREVOCABLE TRUST', 'THE JONES IRREV TRUST', true),
  trust('SMITH LIVING TRUST', 'SMITH LIVING TR DATED MARCH 4, 2010', true),
  trust('SMITH JOHN A LIVING TRUST', 'SMITH JOHN A LIVING TR', true),
  trust("O'BRIEN FAMILY TRUST", 'OBRIEN FAMILY TRUST', true),
  trust('SMITH FAMILY TRUST', 'SMITH LIVING TRUST', false),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY IRREVOCABLE TRUST', false),
  trust('SMITH FAMILY TRUST', 'SMYTH FAMILY TRUST', false),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY TRUST B', false),
  trust('LAND TRUST NO 1234', 'LAND TRUST NO 1235', false),
  // A trust is not its trustee: "SMITH JOHN A TR" is John acting as trustee.
  trust('SMITH FAMILY TRUST', 'SMITH JOHN A TR', false),
  trust('SMITH FAMILY TRUST', 'SMITH JOHN A TRUSTEE', false),
  trust('SMITH FAMILY TRUST', 'SMITH FAMILY', false),
  trust('SMITH JOHN A REVOCABLE TRUST', 'SMITH JOHN A', false),
];
