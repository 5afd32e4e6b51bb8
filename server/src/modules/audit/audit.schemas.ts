import * as v from 'valibot';
import { pageQuery } from '../../lib/schema.ts';

export const AuditQuery = v.strictObject(pageQuery('Entries'));
export type AuditQuery = v.InferOutput<typeof AuditQuery>;

export const AuditEntry = v.object({
  id: v.pipe(v.string(), v.description('Entries are numbered in the order they were written')),
  at: v.pipe(v.string(), v.isoTimestamp()),
  action: v.pipe(
    v.string(),
    v.description(
      'What was done: county.update, welcome.resend, impersonation.start, impersonation.end, impersonation.change (a call that changes something, made while impersonating: details has its method, route and body), impersonation.refused (one refused while impersonating), ...',
    ),
  ),
  actorId: v.pipe(
    v.nullable(v.string()),
    v.description('Who did it (null once that account is deleted)'),
  ),
  actorEmail: v.nullable(v.string()),
  impersonatorId: v.pipe(
    v.nullable(v.string()),
    v.description('The staff account acting through an impersonation, if any'),
  ),
  targetType: v.pipe(v.nullable(v.string()), v.description('user or county')),
  targetId: v.nullable(v.string()),
  details: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description(
      'What changed. For county.update, each changed field (API name) with its before and after value.',
    ),
  ),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

export const AuditPage = v.object({
  entries: v.pipe(v.array(AuditEntry), v.description('Newest first')),
  totalEntries: v.pipe(v.number(), v.integer(), v.description('Entries on all pages')),
});
