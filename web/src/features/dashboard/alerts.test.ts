import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { activeAlerts } from './alerts';
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
