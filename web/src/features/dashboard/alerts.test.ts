import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { i18n } from '../../i18n';
import {
  type Alert,
  activeAlerts,
  alreadyOnRecord,
  matchedValueOf,
  matchSummary,
  namesakesInWords,
  possibleMatches,
} from './alerts';
import { makeEvent, makeNameSubscription } from './test-helpers';
import type { AlertEvent } from './types';

const nameAlert = (event: AlertEvent): Alert => ({
  event,
  guarded: { kind: 'name', name: 'SMITH JOHN' },
  document: { container: 'SAC', file: 'x.pdf' },
});
const apnAlert = (event: AlertEvent, apn = '012-0345-006-0000'): Alert => ({
  event,
  guarded: { kind: 'apn', apn, address: '1 MAIN ST' },
  document: { container: 'SAC', file: 'x.pdf' },
});

describe('activeAlerts', () => {
  it('merges the alerts of names and properties, newest first, archived ones left out', () => {
    const a = makeEvent({ documentNumber: 'A', createdAt: '2026-11-01T00:00:00Z' });
    const b = makeEvent({ documentNumber: 'B', createdAt: '2026-11-03T00:00:00Z' });
    const c = makeEvent({ documentNumber: 'C', createdAt: '2026-11-02T00:00:00Z' });
    const gone = makeEvent({
      documentNumber: 'D',
      createdAt: '2026-11-04T00:00:00Z',
      isArchived: true,
    });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ id: 'n', name: 'SMITH JOHN', events: [a, gone] })],
      apnSubscriptions: [
        {
          id: 'p',
          county: 'Placer',
          apn: '012-345-006-000',
          description: '1 MAIN ST',
          events: [b, c],
        },
      ],
    });

    const alerts = activeAlerts(user);

    expect(alerts.map((x) => x.event.documentNumber)).toEqual(['B', 'C', 'A']);
    expect(alerts[0]!.guarded).toEqual({
      kind: 'apn',
      apn: '012-345-006-000',
      address: '1 MAIN ST',
    });
    expect(alerts[2]!.guarded).toEqual({ kind: 'name', name: 'SMITH JOHN' });
    expect(alerts[0]!.document).toEqual({
      container: b.countyCodeContainerName,
      file: b.parsedDocumentName,
    });
  });
});

describe('alerts, possible matches and what was on record', () => {
  const sure = makeEvent({ documentNumber: 'SURE', createdAt: '2026-11-05T00:00:00Z' });
  const strong = makeEvent({
    documentNumber: 'STRONG',
    tier: 'strong',
    isExact: false,
    createdAt: '2026-11-04T00:00:00Z',
  });
  const possible = makeEvent({
    documentNumber: 'POSSIBLE',
    tier: 'possible',
    isExact: false,
    namesakes: 312,
    createdAt: '2026-11-03T00:00:00Z',
  });
  const onRecord = makeEvent({ documentNumber: 'ON-RECORD', onRecord: true });
  const possibleOnRecord = makeEvent({
    documentNumber: 'POSSIBLE-ON-RECORD',
    tier: 'possible',
    onRecord: true,
  });
  const dismissed = makeEvent({ documentNumber: 'DISMISSED', tier: 'possible', isArchived: true });
  const userWith = (choice: 'digest' | 'immediately' | 'hide') =>
    makeUser({
      nameSubscriptions: [
        makeNameSubscription({
          possibleMatches: choice,
          events: [sure, strong, possible, onRecord, possibleOnRecord, dismissed],
        }),
      ],
    });
  const numbers = (alerts: { event: { documentNumber: string } }[]) =>
    alerts.map((a) => a.event.documentNumber);

  it('keeps possible matches out of the alerts unless the name asks for them at once', () => {
    expect(numbers(activeAlerts(userWith('digest')))).toEqual(['SURE', 'STRONG']);
    expect(numbers(activeAlerts(userWith('immediately')))).toEqual(['SURE', 'STRONG', 'POSSIBLE']);
    expect(numbers(activeAlerts(userWith('hide')))).toEqual(['SURE', 'STRONG']);
  });

  it('lists the possible matches of names set to the digest, not archived, not on record', () => {
    expect(numbers(possibleMatches(userWith('digest')))).toEqual(['POSSIBLE']);
    expect(possibleMatches(userWith('immediately'))).toEqual([]);
    expect(possibleMatches(userWith('hide'))).toEqual([]);
  });

  it('lists what was found on record apart, whatever its tier, unless hidden', () => {
    expect(numbers(alreadyOnRecord(userWith('digest'))).sort()).toEqual([
      'ON-RECORD',
      'POSSIBLE-ON-RECORD',
    ]);
    expect(numbers(alreadyOnRecord(userWith('hide')))).toEqual(['ON-RECORD']);
  });

  it('lists what was on record newest recorded first, whichever check found it', () => {
    const found = (documentNumber: string, documentDate: string, createdAt: string) =>
      makeEvent({ documentNumber, documentDate, createdAt, onRecord: true });
    const user = makeUser({
      nameSubscriptions: [
        makeNameSubscription({
          events: [
            found('2019', '2019-03-01T00:00:00Z', '2026-11-20T10:00:00Z'),
            found('2024', '2024-06-01T00:00:00Z', '2026-11-20T10:00:00Z'),
            found('2021', '2021-01-05T00:00:00Z', '2026-11-20T10:00:00Z'),
          ],
        }),
      ],
      apnSubscriptions: [
        {
          id: 'p',
          county: 'Placer',
          apn: '012-345-006-000',
          description: '1 MAIN ST',
          // Found by a later check, of a property guarded afterwards.
          events: [found('2022', '2022-08-09T00:00:00Z', '2026-11-22T10:00:00Z')],
        },
      ],
    });
    expect(numbers(alreadyOnRecord(user))).toEqual(['2024', '2022', '2021', '2019']);
  });

  it('says how many documents carry the name, in words', () => {
    const t = i18n.getFixedT('en');
    expect(namesakesInWords(t, 312)).toBe('312 documents in this county carry this name');
    expect(namesakesInWords(t, 1)).toBe('1 document in this county carries this name');
    expect(namesakesInWords(t, 4210)).toBe('4,210 documents in this county carry this name');
    expect(namesakesInWords(t, 0)).toBe('');
    expect(namesakesInWords(t, null)).toBe('');
  });

  it('says it in Spanish, singular and plural', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.getFixedT('es');
    expect(namesakesInWords(t, 1)).toBe('1 documento de este condado lleva este nombre');
    expect(namesakesInWords(t, 312)).toBe('312 documentos de este condado llevan este nombre');
  });

  it('sums up a match in words, in each language, the confidence as how likely it is you', async () => {
    const event = makeEvent({
      matchKind: 'name',
      partyRole: 'grantor',
      matchedValue: 'SMITH JOHN',
      isExact: false,
      confidence: 0.87,
    });
    expect(matchSummary(i18n.getFixedT('en'), nameAlert(event))).toBe(
      'Name match (grantor): SMITH JOHN · variant · 87% confidence, lower when the county has namesakes',
    );
    await i18n.changeLanguage('es');
    expect(matchSummary(i18n.getFixedT('es'), nameAlert(event))).toBe(
      'Coincidencia de nombre (otorgante): SMITH JOHN · variante · 87 % de confianza, menor si hay homónimos en el condado',
    );
  });

  it('says the confidence of an exact name shared by namesakes is lower, not its exactness', () => {
    const event = makeEvent({ matchKind: 'name', isExact: true, tier: 'exact', confidence: 0.79 });
    const summary = matchSummary(i18n.getFixedT('en'), nameAlert(event));
    expect(summary).toBe(
      'Name match (grantor): SMITH JOHN · exact · 79% confidence, lower when the county has namesakes',
    );
  });

  it('leaves out a confidence of 100%, and gives a property its own without namesakes', () => {
    const t = i18n.getFixedT('en');
    const sure = makeEvent({ matchKind: 'apn', partyRole: null, matchedValue: '01203450060000' });
    expect(matchSummary(t, apnAlert({ ...sure, confidence: 1 }))).toBe(
      'APN match: 012-0345-006-0000 · exact',
    );
    const similar = makeEvent({
      matchKind: 'address',
      partyRole: null,
      matchedValue: '1 MAIN STREET',
      isExact: false,
      confidence: 0.72,
    });
    expect(matchSummary(t, apnAlert(similar))).toBe(
      'Address match: 1 MAIN STREET · variant · 72% confidence',
    );
  });
});

describe('an APN match', () => {
  const alertOf = (matchedValue: string, apn: string): Alert => ({
    event: makeEvent({
      matchKind: 'apn',
      partyRole: null,
      matchedValue,
    }),
    guarded: { kind: 'apn', apn, address: '' },
    document: { container: 'SAC', file: 'x.pdf' },
  });

  it("shows the document's APN formatted by the county's mask, as the guarded APN is", () => {
    expect(matchedValueOf(alertOf('01203450060000', '012-0345-006-0000'))).toBe(
      '012-0345-006-0000',
    );
    expect(matchedValueOf(alertOf('048a7046', '048A-7046'))).toBe('048A-7046');
  });

  it('shows a value the mask does not fit whole as it came', () => {
    expect(matchedValueOf(alertOf('0120345006000099', '012-0345-006-0000'))).toBe(
      '0120345006000099',
    );
    expect(matchedValueOf(alertOf('0120345', '012-0345-006-0000'))).toBe('0120345');
  });

  it('keeps the value of another match as it came', () => {
    expect(matchedValueOf(nameAlert(makeEvent({})))).toBe('SMITH JOHN');
  });
});
