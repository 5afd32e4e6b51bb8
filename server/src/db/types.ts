import type { ColumnType, Generated } from 'kysely';

/** A timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** An identity column Postgres always generates. */
type Identity<T> = ColumnType<T, never, never>;

export interface CountiesTable {
  id: Identity<number>;
  name: string;
  code: string;
  ui_mask: string;
  data_mask: string;
  format: string;
  link_url: string;
  alert_template_id: Generated<string>;
  create_county_mailer: Generated<boolean>;
  mailer_document_types: Generated<string[]>;
  mailer_template_path: Generated<string>;
  use_one_page_mailer: Generated<boolean>;
  mailer_output_path: Generated<string>;
  use_watermark: Generated<boolean>;
  add_sample_to_mailer: Generated<boolean>;
  is_enabled: Generated<boolean>;
  inbox_path: Generated<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export type Role = 'subscriber' | 'customersupport' | 'admin';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  role: Generated<Role>;
  password_hash: string | null;
  email_verified_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  last_login_at: Timestamp | null;
}

export interface NotificationMethodsTable {
  id: Generated<string>;
  user_id: string;
  type: 'Email' | 'SMS';
  email: string | null;
  phone: string | null;
  verified_at: Timestamp | null;
  undeliverable_at: Timestamp | null;
  undeliverable_reason: string | null;
  created_at: DefaultedTimestamp;
}

export interface AuthCodesTable {
  id: Identity<string>;
  user_id: string;
  purpose: 'login' | 'verify_email' | 'verify_sms';
  code_hash: Buffer;
  notification_method_id: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface SessionsTable {
  sid: string;
  data: ColumnType<unknown, string, string>;
  user_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Identity<string>;
  actor_id: string | null;
  impersonator_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  at: DefaultedTimestamp;
}

export interface ParcelsTable {
  id: Identity<string>;
  county_id: number;
  apn: string;
  apn_key: string;
  address: Generated<string>;
  address_key: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  owner_names: Generated<string[]>;
  /** Generated from address_key (the key after its house number); never written. */
  street_key: ColumnType<string, never, never>;
}

export interface IndexNamesTable {
  id: Identity<string>;
  county_id: number;
  name: string;
  name_key: string;
  document_count: Generated<number>;
  last_recorded_at: Timestamp | null;
}

export interface RecordedDocumentsTable {
  id: Identity<string>;
  county_id: number;
  document_number: string;
  document_type: string;
  recorded_at: Timestamp;
  container: string;
  file_name: string;
  page_count: number | null;
  pdf_error: string | null;
  text_search: unknown;
  ingested_at: DefaultedTimestamp;
  matched_at: Timestamp | null;
  excerpt_file: Generated<string | null>;
}

export interface DocumentPartiesTable {
  id: Identity<string>;
  document_id: string;
  role: 'grantor' | 'grantee';
  name: string;
  name_key: string;
  match_key: Generated<string>;
  name_kind: Generated<NameKind>;
}

export type NameKind = 'person' | 'business' | 'trust';

export interface DocumentPartyReadingsTable {
  party_id: string;
  document_id: string;
  surname: string;
  first: string;
  middle: Generated<string>;
  deletion_keys: Generated<string[]>;
}

export interface DocumentParcelsTable {
  id: Identity<string>;
  document_id: string;
  apn: string | null;
  apn_key: string | null;
  address: string | null;
  address_key: string | null;
  zip: Generated<string | null>;
  source: Generated<'index' | 'text'>;
}

export interface ApnSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  county_id: number;
  apn: string;
  apn_key: string;
  description: Generated<string>;
  address_key: string | null;
  address_zip: Generated<string | null>;
  activated_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface NameSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  county_id: number;
  name: string;
  name_key: string;
  tokens: Generated<string[]>;
  match_key: Generated<string>;
  name_kind: Generated<NameKind>;
  activated_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface NameSubscriptionReadingsTable {
  subscription_id: string;
  county_id: number;
  surname: string;
  first: string;
  middle: Generated<string>;
}

export interface NameSubscriptionTypoKeysTable {
  subscription_id: string;
  county_id: number;
  deletion_key: string;
  surname: string;
  first: string;
  middle: Generated<string>;
}

export interface CountyMailersTable {
  id: Identity<string>;
  county_id: number;
  mailer_date: ColumnType<string, string, string>;
  file_path: string;
  letters: number;
  pages: number;
  created_at: DefaultedTimestamp;
}

export interface EventsTable {
  id: Generated<string>;
  user_id: string;
  document_id: string;
  apn_subscription_id: string | null;
  name_subscription_id: string | null;
  match_kind: string;
  matched_value: string;
  party_role: 'grantor' | 'grantee' | null;
  is_exact: boolean;
  score: number;
  is_archived: Generated<boolean>;
  created_at: DefaultedTimestamp;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  delivery_key: Generated<string | null>;
  created_at: DefaultedTimestamp;
}

export interface OutboxAttachmentsTable {
  id: Generated<string>;
  message_id: string;
  name: string;
  content_type: string;
  content: Buffer;
}

export interface DeliveriesTable {
  id: Generated<string>;
  kind: 'welcome' | 'login' | 'verify' | 'alert';
  user_id: string | null;
  notification_method_id: string | null;
  document_id: string | null;
  recipient: string;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed' | 'ambiguous'>;
  provider_message_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: Timestamp;
  hits: number;
}

/** The typo dictionary of search: each token under itself and its one-letter deletions. */
export interface SearchTokensTable {
  county_id: number;
  kind: 'surname' | 'street';
  delete_key: string;
  token: string;
}

export interface UserRoleCountsTable {
  role: Role;
  users: ColumnType<string, string | number, string | number>;
}

export interface DB {
  counties: CountiesTable;
  users: UsersTable;
  notification_methods: NotificationMethodsTable;
  auth_codes: AuthCodesTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  parcels: ParcelsTable;
  index_names: IndexNamesTable;
  recorded_documents: RecordedDocumentsTable;
  document_parties: DocumentPartiesTable;
  document_parcels: DocumentParcelsTable;
  apn_subscriptions: ApnSubscriptionsTable;
  name_subscriptions: NameSubscriptionsTable;
  events: EventsTable;
  outbox_messages: OutboxMessagesTable;
  outbox_attachments: OutboxAttachmentsTable;
  deliveries: DeliveriesTable;
  rate_limits: RateLimitsTable;
  user_role_counts: UserRoleCountsTable;
  search_tokens: SearchTokensTable;
  document_party_readings: DocumentPartyReadingsTable;
  name_subscription_readings: NameSubscriptionReadingsTable;
  name_subscription_typo_keys: NameSubscriptionTypoKeysTable;
  county_mailers: CountyMailersTable;
}
