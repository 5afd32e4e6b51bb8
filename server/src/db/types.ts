// The database's types, generated from the migrated schema into schema.gen.ts by `npm run gen`
// (kysely-codegen; .kysely-codegenrc.json adds what the schema cannot say). Code imports them
// from here, by the names below; a new table gets its alias here after `npm run gen`.
import type { DB } from './schema.gen.ts';

export type { DB };

/** users.role and user_role_counts.role (a CHECK constraint in the schema). */
export type Role = 'subscriber' | 'customersupport' | 'admin';

/** How a name reads (a CHECK constraint on name_subscriptions and document_parties). */
export type NameKind = 'person' | 'business' | 'trust';

/** A person's generational suffix, '' for none (suffix columns of names and readings). */
export type NameSuffix = '' | 'JR' | 'SR' | 'II' | 'III' | 'IV';

/** How sure a match is (events.tier). */
export type MatchTier = 'exact' | 'strong' | 'possible';

/** What a subscriber wants done with the possible matches of one guarded name. */
export type PossibleMatches = 'digest' | 'immediately' | 'hide';

/** How urgently an event asks the subscriber to act (events.level, a CHECK constraint). */
export type EventLevel = 'act_now' | 'check' | 'records';

/** Whom a level row is about: the guarded party as grantor or grantee, or the guarded property. */
export type LevelSubject = 'grantor' | 'grantee' | 'property';

/** Where a fraud report stands; it only moves forward (cases.status). */
export type CaseStatus = 'open' | 'contacted' | 'closed';

/** What the subscriber says is wrong with the document (cases.problem). */
export type CaseProblem = 'did_not_sign' | 'not_authorised' | 'unknown_parties' | 'other';

export type ApnSubscriptionsTable = DB['apn_subscriptions'];
export type AuditLogTable = DB['audit_log'];
export type AuthCodesTable = DB['auth_codes'];
export type CaseNotesTable = DB['case_notes'];
export type CasesTable = DB['cases'];
export type CountiesTable = DB['counties'];
export type CountyLevelOverridesTable = DB['county_level_overrides'];
export type CountyMailersTable = DB['county_mailers'];
export type CountyStatsTable = DB['county_stats'];
export type CountyStatsDeltasTable = DB['county_stats_deltas'];
export type DeliveriesTable = DB['deliveries'];
export type DocumentParcelsTable = DB['document_parcels'];
export type DocumentPartiesTable = DB['document_parties'];
export type DocumentPartyReadingsTable = DB['document_party_readings'];
export type EventsTable = DB['events'];
export type IndexNamesTable = DB['index_names'];
export type LevelDefaultsTable = DB['level_defaults'];
export type NameKeysVersionTable = DB['name_keys_version'];
export type NameSubscriptionNicknamesTable = DB['name_subscription_nicknames'];
export type NameSubscriptionReadingsTable = DB['name_subscription_readings'];
export type NameSubscriptionsTable = DB['name_subscriptions'];
export type NameSubscriptionTypoKeysTable = DB['name_subscription_typo_keys'];
export type NotificationMethodsTable = DB['notification_methods'];
export type OutboxAttachmentsTable = DB['outbox_attachments'];
export type OutboxMessagesTable = DB['outbox_messages'];
export type ParcelsTable = DB['parcels'];
export type RateLimitsTable = DB['rate_limits'];
export type RecordedDocumentsTable = DB['recorded_documents'];
export type SearchTokensTable = DB['search_tokens'];
export type SessionsTable = DB['sessions'];
export type TrustedContactCodesTable = DB['trusted_contact_codes'];
export type TrustedContactsTable = DB['trusted_contacts'];
export type UserRoleCountsTable = DB['user_role_counts'];
export type UsersTable = DB['users'];
