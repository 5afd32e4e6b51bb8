import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { i18n } from '../../i18n';
import {
  activeAlerts,
  alreadyOnRecord,
  matchSummary,
  namesakesInWords,
  possibleMatches,
} from './alerts';
import { makeEvent, makeNameSubscription } from './test-helpers';

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

  it('sums up a match in words, in each language', async () => {
    const event = makeEvent({
      matchKind: 'name',
      partyRole: 'grantor',
      matchedValue: 'SMITH JOHN',
      isExact: false,
      confidence: 0.87,
    });
    expect(matchSummary(i18n.getFixedT('en'), event)).toBe(
      'Name match (grantor): SMITH JOHN · variant · 87% confidence',
    );
    await i18n.changeLanguage('es');
    expect(matchSummary(i18n.getFixedT('es'), event)).toBe(
      'Coincidencia de nombre (otorgante): SMITH JOHN · variante · 87 % de confianza',
    );
  });
});
