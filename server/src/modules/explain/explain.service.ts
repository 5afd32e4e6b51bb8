import { guardName } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
import { indexNameDocuments } from '../../engine/history/history.repository.ts';
import {
  ADDRESS_CONFIDENCE,
  ADDRESS_ONE_UNIT_CONFIDENCE,
  ADDRESS_SIMILARITY,
  MAX_VARIANT_NAMESAKES,
  namesakeCount,
} from '../../engine/matching/match.repository.ts';
import {
  addressParts,
  conflictingAddressPart,
  storedAddress,
  unitOnOneSide,
  zipsDiffer,
} from '../../keys/match-keys.ts';
import {
  MATCH_BASE_CONFIDENCE,
  matchConfidence,
  matchName,
  matchTier,
  namesakePrefixes,
  STRONG_CONFIDENCE,
} from '../../keys/names.ts';
import { apnKey, nameKey } from '../../keys/normalize.ts';
import { resolveCounty } from '../counties/counties.service.ts';
import { streetSimilarity } from './explain.repository.ts';
import type { Explanation, ExplainBody } from './explain.schemas.ts';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const NO_MATCH = { matched: false, kind: 'none', tier: 'none', confidence: 0 } as const;

/**
 * "Why did I, or didn't I, get this alert?": the matcher's rules applied to one guarded item
 * and one value of a document, with the same functions and thresholds the match-documents job
 * uses (a test runs both over the labelled table).
 */
export async function explain(db: Database, body: ExplainBody): Promise<Explanation> {
  const county = await resolveCounty(db, body.county);
  // On the wire the request's kind is the match kind (what is guarded) and the answer's kind is
  // the rule that matched.
  const matchKind = body.kind;
  if (matchKind === 'name') {
    const match = matchName(body.guarded, body.candidate);
    if (!match.matched) return { ...NO_MATCH, reason: match.reason, namesakes: null };
    // As the job counts them: for equal keys the guarded name's own documents; otherwise the
    // namesakes of the commoner of the two names (the count stops past MAX_VARIANT_NAMESAKES
    // index names per reading: above it, a lower bound).
    const namesakes =
      match.rule === 'exact'
        ? await indexNameDocuments(db, county.id, nameKey(guardName(body.guarded)))
        : Math.max(
            await namesakeCount(db, county.id, namesakePrefixes(body.guarded)),
            await namesakeCount(db, county.id, namesakePrefixes(body.candidate)),
          );
    const confidence = matchConfidence(match.rule, namesakes);
    const tier = matchTier(match.rule, confidence);
    const howMany = namesakes > MAX_VARIANT_NAMESAKES ? `at least ${namesakes}` : `${namesakes}`;
    const reason =
      tier === 'possible' && MATCH_BASE_CONFIDENCE[match.rule] >= STRONG_CONFIDENCE
        ? `${match.reason}; a possible match: ${howMany} documents of the county carry the commoner name, so its confidence ${confidence} is under ${STRONG_CONFIDENCE}`
        : match.reason;
    return { matched: true, kind: match.rule, tier, reason, namesakes, confidence };
  }
  if (matchKind === 'apn') {
    const same = apnKey(body.guarded) !== '' && apnKey(body.guarded) === apnKey(body.candidate);
    return same
      ? {
          matched: true,
          kind: 'exact',
          tier: 'exact',
          reason: `Both are APN ${apnKey(body.guarded)}.`,
          namesakes: null,
          confidence: 1,
        }
      : {
          ...NO_MATCH,
          reason: `APN ${apnKey(body.candidate) || '(none)'} is not ${apnKey(body.guarded) || '(none)'}.`,
          namesakes: null,
        };
  }
  const guarded = storedAddress(body.guarded);
  const candidate = storedAddress(body.candidate);
  if (guarded.streetKey !== '' && guarded.streetKey === candidate.streetKey) {
    if (zipsDiffer(guarded.zip, candidate.zip)) {
      return {
        ...NO_MATCH,
        reason: `Not the same address: ${guarded.streetKey} in zip ${candidate.zip}, not ${guarded.zip}.`,
        namesakes: null,
      };
    }
    return {
      matched: true,
      kind: 'exact',
      tier: 'exact',
      reason: `Both are ${guarded.streetKey}.`,
      namesakes: null,
      confidence: ADDRESS_CONFIDENCE,
    };
  }
  const similarity = await streetSimilarity(db, guarded.streetKey, candidate.streetKey);
  const number = (key: string) => key.split(' ')[0] ?? '';
  const conflict = conflictingAddressPart(guarded.streetKey, candidate.streetKey);
  const parts = (key: string) => addressParts(key)[conflict ?? 'unit'];
  const problems = [
    number(guarded.streetKey) !== number(candidate.streetKey) ? 'the house numbers differ' : null,
    !guarded.zip || guarded.zip !== candidate.zip ? 'the zips differ or are missing' : null,
    similarity < ADDRESS_SIMILARITY
      ? `the streets are ${round3(similarity)} similar, below ${ADDRESS_SIMILARITY}`
      : null,
    conflict === null
      ? null
      : `another ${conflict === 'type' ? 'street type' : conflict}: ${parts(candidate.streetKey)}, not ${parts(guarded.streetKey)}`,
  ].filter((p) => p !== null);
  if (problems.length > 0) {
    return {
      ...NO_MATCH,
      reason: `Not the same address: ${problems.join('; ')}.`,
      namesakes: null,
    };
  }
  const oneUnit = unitOnOneSide(guarded.streetKey, candidate.streetKey);
  const scored = round3(ADDRESS_CONFIDENCE * similarity);
  const confidence = oneUnit ? Math.min(scored, ADDRESS_ONE_UNIT_CONFIDENCE) : scored;
  const tier = confidence >= STRONG_CONFIDENCE ? 'strong' : 'possible';
  const why = oneUnit
    ? `; a possible match: one address gives a unit and the other none, so its confidence is at most ${ADDRESS_ONE_UNIT_CONFIDENCE}`
    : tier === 'possible'
      ? `; a possible match: its confidence ${confidence} is under ${STRONG_CONFIDENCE}`
      : '';
  return {
    matched: true,
    kind: 'similar',
    tier,
    namesakes: null,
    reason: `Same house number and zip ${guarded.zip}, streets ${round3(similarity)} similar${why}.`,
    confidence,
  };
}
