/**
 * Recorded documents. `types` names the document types the product knows (the level table's,
 * migration 0023), by key: English shows a type as the county's index writes it ({{type}}, what
 * came), the other languages translate it. A type not listed is shown as it came in every language.
 */
export const documents = {
  types: {
    /** GRANT DEED */
    grantDeed: '{{type}}',
    /** QUITCLAIM DEED */
    quitclaimDeed: '{{type}}',
    /** QUIT CLAIM DEED */
    quitClaimDeed: '{{type}}',
    /** WARRANTY DEED */
    warrantyDeed: '{{type}}',
    /** TRUST TRANSFER DEED */
    trustTransferDeed: '{{type}}',
    /** INTERSPOUSAL TRANSFER DEED */
    interspousalTransferDeed: '{{type}}',
    /** INTERSPOUSAL TRANSFER GRANT DEED */
    interspousalTransferGrantDeed: '{{type}}',
    /** GIFT DEED */
    giftDeed: '{{type}}',
    /** DEED */
    deed: '{{type}}',
    /** TRANSFER ON DEATH DEED */
    transferOnDeathDeed: '{{type}}',
    /** REVOCABLE TRANSFER ON DEATH DEED */
    revocableTransferOnDeathDeed: '{{type}}',
    /** AFFIDAVIT OF DEATH OF JOINT TENANT */
    affidavitOfDeathOfJointTenant: '{{type}}',
    /** TRUSTEES DEED */
    trusteesDeed: '{{type}}',
    /** TRUSTEES DEED UPON SALE */
    trusteesDeedUponSale: '{{type}}',
    /** SHERIFFS DEED */
    sheriffsDeed: '{{type}}',
    /** TAX DEED */
    taxDeed: '{{type}}',
    /** DEED OF TRUST */
    deedOfTrust: '{{type}}',
    /** SHORT FORM DEED OF TRUST */
    shortFormDeedOfTrust: '{{type}}',
    /** DEED OF TRUST AND ASSIGNMENT OF RENTS */
    deedOfTrustAndAssignmentOfRents: '{{type}}',
    /** MORTGAGE */
    mortgage: '{{type}}',
    /** NOTICE OF DEFAULT */
    noticeOfDefault: '{{type}}',
    /** NOTICE OF DEFAULT AND ELECTION TO SELL */
    noticeOfDefaultAndElectionToSell: '{{type}}',
    /** NOTICE OF TRUSTEES SALE */
    noticeOfTrusteesSale: '{{type}}',
    /** NOTICE OF SALE */
    noticeOfSale: '{{type}}',
    /** LIS PENDENS */
    lisPendens: '{{type}}',
    /** NOTICE OF PENDENCY OF ACTION */
    noticeOfPendencyOfAction: '{{type}}',
    /** LIEN */
    lien: '{{type}}',
    /** NOTICE OF LIEN */
    noticeOfLien: '{{type}}',
    /** MECHANICS LIEN */
    mechanicsLien: '{{type}}',
    /** TAX LIEN */
    taxLien: '{{type}}',
    /** FEDERAL TAX LIEN */
    federalTaxLien: '{{type}}',
    /** STATE TAX LIEN */
    stateTaxLien: '{{type}}',
    /** NOTICE OF DELINQUENT ASSESSMENT */
    noticeOfDelinquentAssessment: '{{type}}',
    /** ABSTRACT OF JUDGMENT */
    abstractOfJudgment: '{{type}}',
    /** JUDGMENT */
    judgment: '{{type}}',
    /** ASSIGNMENT */
    assignment: '{{type}}',
    /** ASSIGNMENT OF DEED OF TRUST */
    assignmentOfDeedOfTrust: '{{type}}',
    /** ASSIGNMENT OF MORTGAGE */
    assignmentOfMortgage: '{{type}}',
    /** SUBSTITUTION OF TRUSTEE */
    substitutionOfTrustee: '{{type}}',
    /** EASEMENT */
    easement: '{{type}}',
    /** GRANT OF EASEMENT */
    grantOfEasement: '{{type}}',
    /** RECONVEYANCE */
    reconveyance: '{{type}}',
    /** FULL RECONVEYANCE */
    fullReconveyance: '{{type}}',
    /** PARTIAL RECONVEYANCE */
    partialReconveyance: '{{type}}',
    /** SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE */
    substitutionOfTrusteeAndFullReconveyance: '{{type}}',
    /** RELEASE */
    release: '{{type}}',
    /** RELEASE OF LIEN */
    releaseOfLien: '{{type}}',
    /** RELEASE OF MECHANICS LIEN */
    releaseOfMechanicsLien: '{{type}}',
    /** RELEASE OF FEDERAL TAX LIEN */
    releaseOfFederalTaxLien: '{{type}}',
    /** WITHDRAWAL OF FEDERAL TAX LIEN */
    withdrawalOfFederalTaxLien: '{{type}}',
    /** SATISFACTION */
    satisfaction: '{{type}}',
    /** SATISFACTION OF MORTGAGE */
    satisfactionOfMortgage: '{{type}}',
    /** SATISFACTION OF JUDGMENT */
    satisfactionOfJudgment: '{{type}}',
    /** ACKNOWLEDGMENT OF SATISFACTION OF JUDGMENT */
    acknowledgmentOfSatisfactionOfJudgment: '{{type}}',
    /** RESCISSION OF NOTICE OF DEFAULT */
    rescissionOfNoticeOfDefault: '{{type}}',
  },
};
