import { guardName } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
import {
  ADDRESS_CONFIDENCE,
  ADDRESS_SIMILARITY,
  MAX_VARIANT_NAMESAKES,
  MIN_VARIANT_CONFIDENCE,
  namesakeCount,
} from '../../engine/matching/match.repository.ts';
import { storedAddress, zipsDiffer } from '../../keys/match-keys.ts';
import { matchConfidence, matchName, namesakePrefixes } from '../../keys/names.ts';
import { apnKey, nameKey } from '../../keys/normalize.ts';
import { resolveCounty } from '../counties/counties.service.ts';
import { indexNameDocumentCount, streetSimilarity } from './explain.repository.ts';
import type { Explanation, ExplainBody } from './explain.schemas.ts';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

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
    if (!match.matched)
      return { matched: false, kind: 'none', reason: match.reason, confidence: 0 };
    if (match.rule !== 'exact') {
      // A variant or typo: the namesakes of the commoner of the two names decide, as in the job
      // (whose count stops past MAX_VARIANT_NAMESAKES index names: above it, a lower bound).
      const [guardedDocs, candidateDocs] = await Promise.all([
        namesakeCount(db, county.id, namesakePrefixes(body.guarded)),
        namesakeCount(db, county.id, namesakePrefixes(body.candidate)),
      ]);
      const confidence = matchConfidence(match.rule, Math.max(guardedDocs, candidateDocs));
      if (confidence < MIN_VARIANT_CONFIDENCE) {
        const documents = Math.max(guardedDocs, candidateDocs);
        const common = namesakePrefixes(
          guardedDocs >= candidateDocs ? body.guarded : body.candidate,
        );
        const howMany =
          documents > MAX_VARIANT_NAMESAKES ? `at least ${documents}` : `${documents}`;
        return {
          matched: false,
          kind: match.rule,
          reason: `${match.reason}, but ${howMany} documents of the county name ${common.join(' or ')} (any middle name), so its confidence ${confidence} is under ${MIN_VARIANT_CONFIDENCE}: no alert`,
          confidence,
        };
      }
      return { matched: true, kind: match.rule, reason: match.reason, confidence };
    }
    const documents = await indexNameDocumentCount(db, county.id, nameKey(guardName(body.guarded)));
    return {
      matched: true,
      kind: match.rule,
      reason: match.reason,
      confidence: matchConfidence(match.rule, documents),
    };
  }
  if (matchKind === 'apn') {
    const same = apnKey(body.guarded) !== '' && apnKey(body.guarded) === apnKey(body.candidate);
    return same
      ? {
          matched: true,
          kind: 'exact',
          reason: `Both are APN ${apnKey(body.guarded)}.`,
          confidence: 1,
        }
      : {
          matched: false,
          kind: 'none',
          reason: `APN ${apnKey(body.candidate) || '(none)'} is not ${apnKey(body.guarded) || '(none)'}.`,
          confidence: 0,
        };
  }
  const guarded = storedAddress(body.guarded);
  const candidate = storedAddress(body.candidate);
  if (guarded.streetKey !== '' && guarded.streetKey === candidate.streetKey) {
    if (zipsDiffer(guarded.zip, candidate.zip)) {
      return {
        matched: false,
        kind: 'none',
        reason: `Not the same address: ${guarded.streetKey} in zip ${candidate.zip}, not ${guarded.zip}.`,
        confidence: 0,
      };
    }
    return {
      matched: true,
      kind: 'exact',
      reason: `Both are ${guarded.streetKey}.`,
      confidence: ADDRESS_CONFIDENCE,
    };
  }
  const similarity = await streetSimilarity(db, guarded.streetKey, candidate.streetKey);
  const number = (key: string) => key.split(' ')[0] ?? '';
  const problems = [
    number(guarded.streetKey) !== number(candidate.streetKey) ? 'the house numbers differ' : null,
    !guarded.zip || guarded.zip !== candidate.zip ? 'the zips differ or are missing' : null,
    similarity < ADDRESS_SIMILARITY
      ? `the streets are ${round3(similarity)} similar, below ${ADDRESS_SIMILARITY}`
      : null,
  ].filter((p) => p !== null);
  if (problems.length > 0) {
    return {
      matched: false,
      kind: 'none',
      reason: `Not the same address: ${problems.join('; ')}.`,
      confidence: 0,
    };
  }
  return {
    matched: true,
    kind: 'similar',
    reason: `Same house number and zip ${guarded.zip}, streets ${round3(similarity)} similar.`,
    confidence: round3(ADDRESS_CONFIDENCE * similarity),
  };
}
