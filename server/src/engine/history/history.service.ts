import type { Executor } from '../../db/database.ts';
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
import type { Engine } from '../engine.ts';
import { namesakeCount } from '../matching/match.repository.ts';
import * as repo from './history.repository.ts';

export type CheckHistoryJob = { userId: string };

/** How far back the history check looks: documents recorded in the ten years before a guard. */
export const HISTORY_YEARS = 10;

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

/** Namesake counts per key prefix of one county, each read once per check. */
function namesakesOf(db: Executor, countyId: number) {
  const cache = new Map<string, Promise<number>>();
  const ofPrefix = (prefix: string) => {
    let count = cache.get(prefix);
    if (!count) cache.set(prefix, (count = namesakeCount(db, countyId, [prefix])));
    return count;
  };
  return async (name: string) => {
    let sum = 0;
    for (const prefix of namesakePrefixes(name)) sum += await ofPrefix(prefix);
    return sum;
  };
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

  const namesakes = namesakesOf(trx, guard.county_id);
  let guardNamesakes: Promise<number> | undefined;
  let exactNamesakes: Promise<number> | undefined;
  const ruleHit = async (party: repo.PartyCandidate, rule: NameRule): Promise<Hit> => {
    guardNamesakes ??= namesakes(guard.name);
    const n = Math.max(await guardNamesakes, await namesakes(party.name));
    const confidence = matchConfidence(rule, n);
    return { party, is_exact: false, confidence, tier: matchTier(rule, confidence), namesakes: n };
  };
  const decided = new Map<string, NameMatch>();
  const best = new Map<string, Hit>();
  for (const party of candidates) {
    let match = decided.get(party.name);
    if (!match) decided.set(party.name, (match = matchName(guard.name, party.name)));
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
      if (lookups.isPerson) hits.push(await ruleHit(party, 'variant'));
    } else hits.push(await ruleHit(party, match.rule));
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
};

/**
 * The history check of a user's new guards: each guard not checked yet is matched against the
 * county's documents recorded in the ten years before its activation (the live matcher takes
 * those recorded from then on), and what it finds becomes events on record, never alerted one
 * by one. The events and the mark that the guards are checked commit together, so a retry or a
 * second job finds nothing to do.
 *
 * A guard not active yet (its account's email is not verified) is checked up to now, but stays
 * unchecked: once it is activated a later check covers the documents recorded in between.
 */
export async function checkHistory(engine: Engine, userId: string): Promise<HistoryResult> {
  const { db } = engine;
  return db.transaction().execute(async (trx) => {
    const guards = await repo.lockUncheckedGuards(trx, userId);
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

    const apns = guards.apns.filter((g) => g.active);
    const names = guards.names.filter((g) => g.active);
    const apnIds = apns.map((g) => g.id);
    const nameIds = names.map((g) => g.id);
    await repo.markChecked(trx, apnIds, nameIds);
    return { checked: apns.length + names.length, events };
  });
}
