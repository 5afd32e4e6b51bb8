import { type Executor, withoutJit } from '../../db/database.ts';
import type { MatchTier } from '../../db/types.ts';
import {
  matchConfidence,
  matchName,
  type NameMatch,
  type NameRule,
  namesakePrefixes,
  nameKeys,
  matchTier,
  readingDeletionKeys,
  surnameDeletionKeys,
} from '../../keys/names.ts';
import { nicknamesOf } from '../../keys/nicknames.ts';
import { type HistoryFinding, historyMail } from '../../mail/history-template.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import { alertRecipients } from '../alerts/alerts.repository.ts';
import type { Engine } from '../engine.ts';
import { shareCountyLevels } from '../levels/levels.repository.ts';
import { HISTORY_YEARS, namesakeCountsByPrefix } from '../matching/match.repository.ts';
import * as repo from './history.repository.ts';

export type CheckHistoryJob = { userId: string };

/** The dashboard's "Already on Record" section (the id of its heading). */
export const ON_RECORD_PATH = '/dashboard#on-record-heading';

// The characters of a surname in a reading (names.ts tokenize keeps A-Z and 0-9).
const SURNAME_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Every surname whose deletion keys (names.ts surnameDeletionKeys) may meet `surname`'s: its
 * keys themselves, and each key with one character inserted anywhere. Two surnames share a key
 * when deleting at most one character from each makes them equal, which is more than one edit
 * apart (SMITH and MITHS share MITH), so the one-edit neighbours alone would miss matches the
 * matcher makes. A few thousand strings for a long surname; names.ts then decides each.
 */
export function typoSurnames(surname: string): string[] {
  const keys = surnameDeletionKeys(surname);
  const out = new Set(keys);
  for (const key of keys)
    for (let i = 0; i <= key.length; i++)
      for (const c of SURNAME_CHARACTERS) out.add(key.slice(0, i) + c + key.slice(i));
  return [...out];
}

/**
 * The lookups that find every party a guarded name may match (match.repository.ts insertEvents
 * joins the same keys from the other side): for each reading, its surname with its first name,
 * each nickname of it, and its initial; a surname whose typo keys may meet those of a reading
 * that has any, with the same first name; for a first initial, every first name it may stand for.
 */
export function nameLookups(name: string) {
  const pairs = new Map<string, readonly [string, string]>();
  const initials = new Map<string, readonly [string, string]>();
  const add = (to: typeof pairs, surname: string, first: string) =>
    to.set(`${surname} ${first}`, [surname, first]);
  const keys = nameKeys(name);
  for (const r of keys.readings) {
    add(pairs, r.surname, r.first);
    for (const nickname of nicknamesOf(r.first)) add(pairs, r.surname, nickname);
    if (r.first.length > 1) add(pairs, r.surname, r.first[0]!);
    if (r.first.length === 1) add(initials, r.surname, r.first);
    if (readingDeletionKeys(r).length > 0)
      for (const s of typoSurnames(r.surname)) add(pairs, s, r.first);
  }
  return { matchKey: keys.key, isPerson: keys.nameKind === 'person', pairs, initials };
}

type Hit = {
  party: repo.PartyCandidate;
  is_exact: boolean;
  confidence: number;
  tier: MatchTier;
  namesakes: number;
};

/** The order in which the matcher keeps one event per guard and document (insertEvents, best). */
const better = (a: Hit, b: Hit): boolean =>
  a.is_exact !== b.is_exact
    ? a.is_exact
    : a.confidence !== b.confidence
      ? a.confidence > b.confidence
      : a.party.name < b.party.name;

/**
 * The namesake counts of these names in one county, by name: every prefix read in one query (a
 * first-initial guard meets thousands of parties under hundreds of names).
 */
async function namesakesOf(db: Executor, countyId: number, names: readonly string[]) {
  const prefixesOf = new Map(names.map((name) => [name, namesakePrefixes(name)]));
  const counts = await namesakeCountsByPrefix(db, countyId, [
    ...new Set([...prefixesOf.values()].flat()),
  ]);
  return (name: string) =>
    (prefixesOf.get(name) ?? namesakePrefixes(name)).reduce(
      (sum, prefix) => sum + (counts.get(prefix) ?? 0),
      0,
    );
}

/**
 * The events of one guarded name on its history, as the matcher would have written them had the
 * name been guarded when each document was recorded: the rule by matchName (the reference the
 * SQL matcher follows), the confidence and tier by the namesakes of the commoner of the two
 * names, an exact match also weighed as the variant it is (the matcher keeps whichever is the
 * more confident), and per document the best party.
 */
async function nameHistoryEvents(
  trx: Executor,
  userId: string,
  guard: repo.NameGuard,
): Promise<repo.NewHistoryNameEvent[]> {
  const lookups = nameLookups(guard.name);
  if (lookups.matchKey === '') return [];
  const candidates = await repo.nameCandidates(trx, {
    guardId: guard.id,
    years: HISTORY_YEARS,
    matchKey: lookups.matchKey,
    pairs: [...lookups.pairs.values()],
    initials: [...lookups.initials.values()],
  });
  if (candidates.length === 0) return [];

  const decided = new Map<string, NameMatch>();
  for (const party of candidates)
    if (!decided.has(party.name)) decided.set(party.name, matchName(guard.name, party.name));
  const matchedNames = [...decided].filter(([, match]) => match.matched).map(([name]) => name);
  if (matchedNames.length === 0) return [];
  const namesakes = await namesakesOf(trx, guard.county_id, [guard.name, ...matchedNames]);
  const guardNamesakes = namesakes(guard.name);
  let exactNamesakes: Promise<number> | undefined;
  const ruleHit = (party: repo.PartyCandidate, rule: NameRule): Hit => {
    const n = Math.max(guardNamesakes, namesakes(party.name));
    const confidence = matchConfidence(rule, n);
    return { party, is_exact: false, confidence, tier: matchTier(rule, confidence), namesakes: n };
  };
  const best = new Map<string, Hit>();
  for (const party of candidates) {
    const match = decided.get(party.name)!;
    if (!match.matched) continue;
    const hits: Hit[] = [];
    if (match.rule === 'exact') {
      exactNamesakes ??= repo.indexNameDocuments(trx, guard.county_id, guard.name_key);
      const n = await exactNamesakes;
      hits.push({
        party,
        is_exact: true,
        confidence: matchConfidence('exact', n),
        tier: 'exact',
        namesakes: n,
      });
      // Equal keys are also equal readings: the matcher's variant rule finds them too.
      if (lookups.isPerson) hits.push(ruleHit(party, 'variant'));
    } else hits.push(ruleHit(party, match.rule));
    for (const hit of hits) {
      const kept = best.get(party.document_id);
      if (!kept || better(hit, kept)) best.set(party.document_id, hit);
    }
  }
  return [...best.values()].map((hit) => ({
    user_id: userId,
    document_id: hit.party.document_id,
    name_subscription_id: guard.id,
    matched_value: hit.party.name,
    party_role: hit.party.role,
    is_exact: hit.is_exact,
    confidence: hit.confidence,
    tier: hit.tier,
    namesakes: hit.namesakes,
  }));
}

export type HistoryResult = {
  /** Guards whose history is now checked for good. */
  checked: number;
  events: number;
  /** Summary emails queued: one per verified email, or none. */
  mails: number;
};

/**
 * One summary of the guards just checked, to each verified email the alerts go to: what each
 * guard found on record, in the order they were added. Nothing found, nothing mailed.
 */
async function queueSummary(
  trx: Executor,
  engine: Engine,
  userId: string,
  guards: { apns: repo.ApnGuard[]; names: repo.NameGuard[] },
): Promise<number> {
  const counts = new Map<string, { documents: number; possible: number }>();
  const rows = await repo.onRecordCounts(
    trx,
    guards.apns.map((g) => g.id),
    guards.names.map((g) => g.id),
  );
  for (const row of rows) {
    const c = counts.get(row.guard_id) ?? { documents: 0, possible: 0 };
    if (row.tier === 'possible') c.possible += row.events;
    else c.documents += row.events;
    counts.set(row.guard_id, c);
  }
  const found = (id: string) => counts.get(id) ?? { documents: 0, possible: 0 };
  const findings: (HistoryFinding & { at: Date })[] = [
    ...guards.names.map((g) => ({
      kind: 'name' as const,
      guarded: g.name,
      countyName: g.county_name,
      documents: found(g.id).documents,
      // Possible matches the subscriber chose not to see are not mentioned either.
      possible: g.possible_matches === 'hide' ? 0 : found(g.id).possible,
      at: g.created_at,
    })),
    ...guards.apns.map((g) => ({
      kind: 'property' as const,
      guarded: g.description ? `${g.apn} (${g.description})` : g.apn,
      countyName: g.county_name,
      ...found(g.id),
      at: g.created_at,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (findings.every((f) => f.documents + f.possible === 0)) return 0;

  const { brand, mailSender } = engine;
  const rendered = historyMail(brand, {
    findings: findings.map(({ at: _, ...f }) => f),
    documents: await repo.onRecordDocuments(
      trx,
      guards.apns.map((g) => g.id),
      guards.names.map((g) => g.id),
      guards.names.filter((g) => g.possible_matches === 'hide').map((g) => g.id),
    ),
    onRecordUrl: `${brand.appUrl}${ON_RECORD_PATH}`,
    language: await languageOf(trx, userId),
  });
  let mails = 0;
  for (const method of await alertRecipients(trx, userId)) {
    await mailSender.enqueue(trx, {
      deliveryKind: 'history',
      userId,
      notificationMethodId: method.id,
      message: { to: method.email!, ...rendered },
    });
    mails++;
  }
  return mails;
}

/**
 * The history check of a user's new guards: each guard not checked yet is matched against the
 * county's documents recorded in the ten years before its activation (the live matcher takes
 * those recorded from then on), and what it finds becomes events on record, never alerted one
 * by one. The events, the mark that the guards are checked and one summary email per verified
 * email commit together, so a retry or a second job finds nothing to do and mails nothing.
 *
 * A guard not active yet (its account's email is not verified) is checked up to now, but stays
 * unchecked: once it is activated a later check covers the documents recorded in between, and
 * its summary goes out then, to the email just verified.
 */
export async function checkHistory(engine: Engine, userId: string): Promise<HistoryResult> {
  return engine.db.transaction().execute(async (trx) => {
    // The namesake counts of a first initial's hundreds of names were compiled for 20 ms.
    await withoutJit(trx);
    const guards = await repo.lockUncheckedGuards(trx, userId);
    await shareCountyLevels(
      trx,
      [...guards.apns, ...guards.names].map((g) => g.county_id),
    );
    let events = await repo.insertApnHistoryEvents(
      trx,
      guards.apns.map((g) => g.id),
      HISTORY_YEARS,
    );
    for (const guard of guards.names)
      events += await repo.insertNameHistoryEvents(
        trx,
        await nameHistoryEvents(trx, userId, guard),
      );

    const active = {
      apns: guards.apns.filter((g) => g.active),
      names: guards.names.filter((g) => g.active),
    };
    await repo.markChecked(
      trx,
      active.apns.map((g) => g.id),
      active.names.map((g) => g.id),
    );
    const checked = active.apns.length + active.names.length;
    const mails = checked > 0 ? await queueSummary(trx, engine, userId, active) : 0;
    return { checked, events, mails };
  });
}
