import * as v from 'valibot';

/**
 * Valibot runs every action of a pipe even after one failed, so a pattern would still meet the
 * 1 MB string its length check had just refused. With this config each pipe stops at its first
 * failed action, and a field gets one message.
 */
export const FIRST_ISSUE_ONLY = { abortPipeEarly: true } as const;

/** `schema`, run with FIRST_ISSUE_ONLY wherever it is parsed (a form's resolver included). */
export function firstIssueOnly<const T extends v.GenericSchema>(schema: T): T {
  return v.config(schema, FIRST_ISSUE_ONLY);
}
