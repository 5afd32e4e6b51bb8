import { levelDocumentType } from '@deedwatch/rules';
import type { TFunction } from 'i18next';
import type { documents } from '../../i18n/en/documents';

type DocumentTypeKey = `documents.types.${keyof typeof documents.types}`;

/**
 * The catalog entry of each document type the product knows, by the type as the level tables key
 * it (levelDocumentType: apostrophes dropped, spaces collapsed, upper-cased). The list is the
 * server's default level table (migration 0023).
 */
const DOCUMENT_TYPES: Partial<Record<string, DocumentTypeKey>> = {
  'GRANT DEED': 'documents.types.grantDeed',
  'QUITCLAIM DEED': 'documents.types.quitclaimDeed',
  'QUIT CLAIM DEED': 'documents.types.quitClaimDeed',
  'WARRANTY DEED': 'documents.types.warrantyDeed',
  'TRUST TRANSFER DEED': 'documents.types.trustTransferDeed',
  'INTERSPOUSAL TRANSFER DEED': 'documents.types.interspousalTransferDeed',
  'INTERSPOUSAL TRANSFER GRANT DEED': 'documents.types.interspousalTransferGrantDeed',
  'GIFT DEED': 'documents.types.giftDeed',
  DEED: 'documents.types.deed',
  'TRANSFER ON DEATH DEED': 'documents.types.transferOnDeathDeed',
  'REVOCABLE TRANSFER ON DEATH DEED': 'documents.types.revocableTransferOnDeathDeed',
  'AFFIDAVIT OF DEATH OF JOINT TENANT': 'documents.types.affidavitOfDeathOfJointTenant',
  'TRUSTEES DEED': 'documents.types.trusteesDeed',
  'TRUSTEES DEED UPON SALE': 'documents.types.trusteesDeedUponSale',
  'SHERIFFS DEED': 'documents.types.sheriffsDeed',
  'TAX DEED': 'documents.types.taxDeed',
  'DEED OF TRUST': 'documents.types.deedOfTrust',
  'SHORT FORM DEED OF TRUST': 'documents.types.shortFormDeedOfTrust',
  'DEED OF TRUST AND ASSIGNMENT OF RENTS': 'documents.types.deedOfTrustAndAssignmentOfRents',
  MORTGAGE: 'documents.types.mortgage',
  'NOTICE OF DEFAULT': 'documents.types.noticeOfDefault',
  'NOTICE OF DEFAULT AND ELECTION TO SELL': 'documents.types.noticeOfDefaultAndElectionToSell',
  'NOTICE OF TRUSTEES SALE': 'documents.types.noticeOfTrusteesSale',
  'NOTICE OF SALE': 'documents.types.noticeOfSale',
  'LIS PENDENS': 'documents.types.lisPendens',
  'NOTICE OF PENDENCY OF ACTION': 'documents.types.noticeOfPendencyOfAction',
  LIEN: 'documents.types.lien',
  'NOTICE OF LIEN': 'documents.types.noticeOfLien',
  'MECHANICS LIEN': 'documents.types.mechanicsLien',
  'TAX LIEN': 'documents.types.taxLien',
  'FEDERAL TAX LIEN': 'documents.types.federalTaxLien',
  'STATE TAX LIEN': 'documents.types.stateTaxLien',
  'NOTICE OF DELINQUENT ASSESSMENT': 'documents.types.noticeOfDelinquentAssessment',
  'ABSTRACT OF JUDGMENT': 'documents.types.abstractOfJudgment',
  JUDGMENT: 'documents.types.judgment',
  ASSIGNMENT: 'documents.types.assignment',
  'ASSIGNMENT OF DEED OF TRUST': 'documents.types.assignmentOfDeedOfTrust',
  'ASSIGNMENT OF MORTGAGE': 'documents.types.assignmentOfMortgage',
  'SUBSTITUTION OF TRUSTEE': 'documents.types.substitutionOfTrustee',
  EASEMENT: 'documents.types.easement',
  'GRANT OF EASEMENT': 'documents.types.grantOfEasement',
  RECONVEYANCE: 'documents.types.reconveyance',
  'FULL RECONVEYANCE': 'documents.types.fullReconveyance',
  'PARTIAL RECONVEYANCE': 'documents.types.partialReconveyance',
  'SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE':
    'documents.types.substitutionOfTrusteeAndFullReconveyance',
  RELEASE: 'documents.types.release',
  'RELEASE OF LIEN': 'documents.types.releaseOfLien',
  'RELEASE OF MECHANICS LIEN': 'documents.types.releaseOfMechanicsLien',
  'RELEASE OF FEDERAL TAX LIEN': 'documents.types.releaseOfFederalTaxLien',
  'WITHDRAWAL OF FEDERAL TAX LIEN': 'documents.types.withdrawalOfFederalTaxLien',
  SATISFACTION: 'documents.types.satisfaction',
  'SATISFACTION OF MORTGAGE': 'documents.types.satisfactionOfMortgage',
  'SATISFACTION OF JUDGMENT': 'documents.types.satisfactionOfJudgment',
  'ACKNOWLEDGMENT OF SATISFACTION OF JUDGMENT':
    'documents.types.acknowledgmentOfSatisfactionOfJudgment',
  'RESCISSION OF NOTICE OF DEFAULT': 'documents.types.rescissionOfNoticeOfDefault',
};

/**
 * A recorded document's type in the reader's language: a known type translated (English keeps
 * the words the county's index wrote), any other as it came.
 */
export function documentTypeLabel(t: TFunction, type: string): string {
  const key = DOCUMENT_TYPES[levelDocumentType(type)];
  return key ? t(key, { type }) : type;
}
