import { describe, expect, it } from 'vitest';
import { findingLine, type HistoryFinding, historyMail } from './history-template.ts';
import type { Brand } from './templates.ts';

const brand: Brand = {
  appUrl: 'https://deedwatch.test',
  supportPhone: '(916) 555-0100',
  supportEmail: 'help@deedwatch.test',
};
const onRecordUrl = 'https://deedwatch.test/dashboard#on-record-heading';

const finding = (f: Partial<HistoryFinding>): HistoryFinding => ({
  kind: 'name',
  guarded: 'SMITH JOHN A',
  countyName: 'Sacramento',
  documents: 0,
  possible: 0,
  ...f,
});

describe('the summary of a history check', () => {
  it('says per item what was found, possible matches apart, or that nothing was', () => {
    expect(findingLine(finding({ documents: 3 }))).toBe(
      'We found 3 documents already recorded against SMITH JOHN A in Sacramento County.',
    );
    expect(findingLine(finding({ documents: 1, possible: 2 }))).toBe(
      'We found 1 document already recorded against SMITH JOHN A in Sacramento County, and 2 more documents naming someone with a similar name who may be somebody else.',
    );
    expect(findingLine(finding({ possible: 1 }))).toBe(
      'We found 1 document already recorded in Sacramento County naming someone with a name like SMITH JOHN A, who may be somebody else.',
    );
    expect(
      findingLine(
        finding({
          kind: 'property',
          guarded: '012-0345-006-0000 (123 Main St)',
          countyName: 'Placer County',
          documents: 2,
        }),
      ),
    ).toBe(
      'We found 2 documents already recorded against the property 012-0345-006-0000 (123 Main St) in Placer County.',
    );
    expect(findingLine(finding({}))).toBe(
      'SMITH JOHN A in Sacramento County: nothing on record in the last ten years.',
    );
  });

  it('names the one item with findings in the subject, and links the dashboard section', () => {
    const mail = historyMail(brand, {
      findings: [finding({ documents: 2 }), finding({ guarded: 'DOE JANE' })],
      documents: 2,
      onRecordUrl,
    });
    expect(mail.subject).toBe('DeedWatch: 2 documents already on record for SMITH JOHN A');
    expect(mail.tag).toBe('history');
    expect(mail.text).toContain(`Already on record: ${onRecordUrl}`);
    expect(mail.text).toContain('- DOE JANE in Sacramento County: nothing on record');
    expect(mail.html).toContain(`href="${onRecordUrl}"`);
    const two = historyMail(brand, {
      findings: [finding({ documents: 2 }), finding({ guarded: 'DOE JANE', possible: 1 })],
      documents: 3,
      onRecordUrl,
    });
    expect(two.subject).toBe('DeedWatch: 3 documents already on record for what you guard');
    // One document against both items is one document in the sum, as the caller counts it.
    const shared = historyMail(brand, {
      findings: [finding({ documents: 2 }), finding({ guarded: 'DOE JANE', documents: 1 })],
      documents: 2,
      onRecordUrl,
    });
    expect(shared.subject).toBe('DeedWatch: 2 documents already on record for what you guard');
    expect(shared.text).toContain('For what you just added, we found 2 documents.');
  });

  it('escapes what the subscriber typed and keeps the subject on one line', () => {
    const mail = historyMail(brand, {
      findings: [finding({ guarded: 'O<B>RIEN\n& CO "X"', documents: 1 })],
      documents: 1,
      onRecordUrl,
    });
    expect(mail.subject).toBe('DeedWatch: 1 document already on record for O<B>RIEN & CO "X"');
    expect(mail.html).toContain('O&lt;B&gt;RIEN &amp; CO &quot;X&quot;');
    expect(mail.html).not.toContain('<B>');
  });
});
