import { describe, expect, it } from 'vitest';
import {
  type AlertHit,
  type AlertMailInput,
  alertMail,
  alertTemplateModel,
} from './alert-template.ts';
import type { Brand } from './templates.ts';

const brand: Brand = {
  appUrl: 'https://deedwatch.test',
  supportPhone: '(916) 555-0100',
  supportEmail: 'help@deedwatch.test',
};

const nameHit: AlertHit = {
  matchKind: 'name',
  guarded: 'JANE Q PUBLIC',
  matchedValue: 'PUBLIC JANE Q',
  partyRole: 'grantor',
  tier: 'exact',
  level: 'act_now',
  reason: 'The same name in another order.',
};
const apnHit: AlertHit = {
  matchKind: 'apn',
  guarded: '012-0345-006-0000',
  matchedValue: '012-0345-006-0000',
  partyRole: null,
  tier: 'exact',
  level: 'act_now',
  reason: 'The document names APN 012-0345-006-0000.',
};
const addressHit: AlertHit = {
  matchKind: 'address',
  guarded: '123 MAIN ST',
  matchedValue: '123 MAIN STREET',
  partyRole: null,
  tier: 'strong',
  level: 'check',
  reason: 'STREET and ST are the same.',
};

const WHAT =
  'A deed transferring 123 MAIN ST from you was recorded in Sacramento County on 11/21/2024.';
const HEADLINE =
  'Act now: A deed transferring 123 MAIN ST from you was recorded in Sacramento County on 11/21/2024';
const EVENT_URL = 'https://deedwatch.test/dashboard?event=6f1c2c9e-8a4b-4b7e-9a51-0c2f3e4d5a6b';

function input(overrides: Partial<AlertMailInput> = {}): AlertMailInput {
  return {
    level: 'act_now',
    whatItDoes: WHAT,
    headline: HEADLINE,
    eventUrl: EVENT_URL,
    fraudContact: null,
    documentNumber: '202411220001234',
    documentType: 'GRANT DEED',
    // 06:30 UTC on the 22nd is still the 21st in Sacramento (UTC-8 in November).
    recordedAt: new Date('2024-11-22T06:30:00Z'),
    countyName: 'Sacramento',
    countyLinkUrl: 'https://ccr.saccounty.gov',
    hits: [nameHit, apnHit, addressHit],
    dashboardUrl: 'https://deedwatch.test/dashboard',
    documentUrl: 'https://deedwatch.test/documents/sac/202411220001234.pdf',
    attachment: 'attached',
    ...overrides,
  };
}

/** The HTML's visible text: line breaks kept, tags dropped, the entities it uses decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<br>|<\/p>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&bull;/g, '•')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ');
}

describe('alertMail', () => {
  it('leads the subject and the first line with the level and what the document does, and tags the mail as an alert', () => {
    const mail = alertMail(brand, input());
    expect(mail.subject).toBe(HEADLINE);
    expect(mail.tag).toBe('alert');
    expect(mail.text.split('\n')[0]).toBe(`Act now: ${WHAT}`);
    expect(visibleText(mail.html)).toMatch(new RegExp(`${HEADLINE}\\s+Act now: ${WHAT}`));
  });

  it('keeps the subject on one line when the recorder data holds line breaks', () => {
    const mail = alertMail(brand, input({ headline: 'Check: A GRANT\r\nDEED naming you' }));
    expect(mail.subject).toBe('Check: A GRANT DEED naming you');
  });

  it('links to the event, where the subscriber says "I recognise this" or "This wasn\'t me"', () => {
    const mail = alertMail(brand, input());
    expect(mail.text).toContain(
      `"This wasn't me" takes you through a short report and gives you a case packet for the county, the police and your title insurer. ${EVENT_URL}`,
    );
    expect(mail.text).toContain(`Review this alert: ${EVENT_URL}`);
    expect(mail.html).toContain(`href="${EVENT_URL}"`);
  });

  it("names the county's fraud contact first among the ways to report fraud, when the county has one", () => {
    const without = alertMail(brand, input());
    expect(without.text).not.toContain("county's fraud contact");
    const mail = alertMail(
      brand,
      input({
        fraudContact: {
          name: 'Real Estate Fraud Unit',
          phone: '(916) 874-0000',
          email: 'fraud@county.example.gov',
          url: 'https://county.example.gov/fraud',
        },
      }),
    );
    expect(mail.text).toContain(
      "- report it to the county's fraud contact: Real Estate Fraud Unit, Phone: (916) 874-0000, Email: fraud@county.example.gov, Web: https://county.example.gov/fraud",
    );
    expect(mail.html).toContain('href="mailto:fraud@county.example.gov"');
    expect(mail.html).toContain('href="https://county.example.gov/fraud"');
  });

  it('says a similar address once, in its reason, not again before it', () => {
    const similar: AlertHit = {
      ...addressHit,
      guarded: '000-0002-419-7530 (4878 LAS PALMAS AVE)',
      matchedValue: '4878 LAS PALMA BLVD',
      reason:
        'The document names 4878 LAS PALMA BLVD: the same house number and zip as 4878 LAS PALMAS AVE, and a similar street.',
    };
    const mail = alertMail(brand, input({ hits: [similar] }));
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain(
        'Property address 000-0002-419-7530 (4878 LAS PALMAS AVE): Check. A close match, not exact: please check it. The document names 4878 LAS PALMA BLVD: the same house number',
      );
      expect(body.match(/4878 LAS PALMA BLVD/g)).toHaveLength(1);
    }
  });

  it('lists every hit with what it matched and why, in both bodies', () => {
    const mail = alertMail(brand, input());
    const html = visibleText(mail.html);
    for (const body of [mail.text, html]) {
      expect(body).toContain('Name JANE Q PUBLIC: the document shows PUBLIC JANE Q as grantor');
      expect(body).toContain('(a seller or borrower). Act now. Exact match.');
      expect(body).toContain('123 MAIN STREET. Check. A close match, not exact');
      expect(body).toContain('The same name in another order.');
      // The reason names the APN: said once.
      expect(body).toContain(
        'Property (APN) 012-0345-006-0000: Act now. Exact match. The document names APN 012-0345-006-0000.',
      );
      expect(body).toContain('Property address 123 MAIN ST: the document shows 123 MAIN STREET');
      expect(body).toContain('STREET and ST are the same.');
    }
    // Only the address was a close match; the subscriber is told to check that one.
    expect(mail.text.match(/close match, not exact/g)).toHaveLength(1);
    expect(mail.text).toMatch(/123 MAIN STREET\. Check\. A close match, not exact/);
  });

  it('says a possible match is one, why it may be somebody else, and how common the name is', () => {
    const possible: AlertHit = {
      ...nameHit,
      matchedValue: 'PUBLIC JANE',
      tier: 'possible',
      reason: 'Same surname and first name: PUBLIC JANE',
      possibleBecause: 'a common name',
      namesakes: 312,
    };
    const mail = alertMail(brand, input({ hits: [possible, apnHit] }));
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain(
        'Name JANE Q PUBLIC: the document shows PUBLIC JANE as grantor, the party giving or selling (a seller or borrower). Act now. Possible match — a common name; check whether this is you. Same surname and first name: PUBLIC JANE. 312 documents in this county carry this name.',
      );
      // The sure hit beside it says only that it is exact, and its reason.
      expect(body).toContain(
        '012-0345-006-0000: Act now. Exact match. The document names APN 012-0345-006-0000.\n',
      );
    }
  });

  it('says so in the subject and the opening when every hit is only possible', () => {
    const possible: AlertHit = {
      ...nameHit,
      tier: 'possible',
      possibleBecause: 'only the first initial matches',
    };
    const mail = alertMail(brand, input({ hits: [possible] }));
    expect(mail.text).toMatch(
      /\n\nThe Sacramento County Recorder recorded a document naming someone who may be you/,
    );
    expect(mail.text).toContain(
      'Possible match — only the first initial matches; check whether this is you.',
    );
    expect(mail.text).not.toContain('documents in this county');
  });

  it('escapes a hostile party name and document fields in the HTML', () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const mail = alertMail(
      brand,
      input({
        documentType: '<b>DEED</b>',
        documentNumber: '"><svg onload=alert(1)>',
        hits: [{ ...nameHit, guarded: hostile, matchedValue: hostile, reason: "it's <i>here</i>" }],
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<svg|<b>DEED|<i>here/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img');
    expect(mail.html).toContain('it&#39;s &lt;i&gt;here&lt;/i&gt;');
    expect(mail.html).toContain('&lt;b&gt;DEED&lt;/b&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    // The plain text is not HTML: it keeps the value as recorded.
    expect(mail.text).toContain(hostile);
  });

  it('gives the document number, type, county and the recording date as MM/DD/YYYY in Pacific time', () => {
    const mail = alertMail(brand, input());
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain('Document number: 202411220001234');
      expect(body).toContain('Document type: GRANT DEED');
      expect(body).toContain('Recording date: 11/21/2024');
      expect(body).toContain('County: Sacramento County');
    }
  });

  it('pads the month and day and follows daylight saving time', () => {
    // 07:30 UTC on 2 July is 00:30 PDT (UTC-7) the same day; under PST it would be 1 July.
    const mail = alertMail(brand, input({ recordedAt: new Date('2024-07-02T07:30:00Z') }));
    expect(mail.text).toContain('Recording date: 07/02/2024');
  });

  const attachmentLines: Record<AlertMailInput['attachment'], string> = {
    attached: 'The first 2 pages of the document are attached to this email',
    'too-large': 'too large to attach. Use the link below to view the document.',
    unavailable: 'not available to attach. Use the link below, or look the document up',
  };

  it.each(Object.keys(attachmentLines) as AlertMailInput['attachment'][])(
    'says what happened to the attachment when it is %s, and only that',
    (attachment) => {
      const mail = alertMail(brand, input({ attachment }));
      for (const [variant, line] of Object.entries(attachmentLines)) {
        const expected = variant === attachment;
        expect(mail.text.includes(line)).toBe(expected);
        expect(visibleText(mail.html).includes(line)).toBe(expected);
      }
    },
  );

  it('says how to report fraud: a report on the dashboard, the county recorder, the support phone with its hours, the support email', () => {
    const mail = alertMail(brand, input());
    expect(mail.text).toContain(
      '- say "This wasn\'t me" on your dashboard, for a case packet to take further',
    );
    expect(mail.text).toContain(
      'contact the Sacramento County Recorder: https://ccr.saccounty.gov',
    );
    expect(mail.text).toContain(
      'call DeedWatch support at (916) 555-0100 (Monday to Friday 8AM-5PM PST)',
    );
    expect(mail.text).toContain('email DeedWatch support at help@deedwatch.test');
    expect(mail.html).toContain('<a href="https://ccr.saccounty.gov"');
    expect(mail.html).toMatch(
      /email DeedWatch support at <a href="mailto:help@deedwatch.test"[^>]*>help@deedwatch.test<\/a>/,
    );
    expect(mail.html).toMatch(/\(916\) 555-0100 \(Monday to Friday 8AM-5PM PST\)/);
  });

  it('links to the dashboard and to the document', () => {
    const mail = alertMail(brand, input());
    expect(mail.text).toContain(
      'View the document: https://deedwatch.test/documents/sac/202411220001234.pdf',
    );
    expect(mail.text).toContain('https://deedwatch.test/dashboard');
    expect(mail.html).toContain(
      '<a href="https://deedwatch.test/documents/sac/202411220001234.pdf" style="color:#910933">View the document</a>',
    );
    expect(mail.html).toContain('href="https://deedwatch.test/dashboard"');
  });

  it('never turns a county link that is not http(s) into a clickable link', () => {
    const mail = alertMail(brand, input({ countyLinkUrl: 'javascript:alert(1)' }));
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain('Recorder: javascript:alert(1)');
  });
});

describe('alertTemplateModel', () => {
  it('carries the raw values a Postmark template escapes itself', () => {
    const hostile = "O'BRIEN & <SONS>";
    const model = alertTemplateModel(
      brand,
      input({ hits: [{ ...nameHit, guarded: hostile }], attachment: 'too-large' }),
    );
    expect(model).toMatchObject({
      subject: HEADLINE,
      level: 'act_now',
      levelLabel: 'Act now',
      actNow: true,
      whatItDoes: WHAT,
      eventUrl: EVENT_URL,
      fraudContact: null,
      documentNumber: '202411220001234',
      documentType: 'GRANT DEED',
      recordingDate: '11/21/2024',
      countyName: 'Sacramento',
      county: 'Sacramento County',
      countyLinkUrl: 'https://ccr.saccounty.gov',
      dashboardUrl: 'https://deedwatch.test/dashboard',
      documentUrl: 'https://deedwatch.test/documents/sac/202411220001234.pdf',
      supportPhone: '(916) 555-0100',
      supportEmail: 'help@deedwatch.test',
      supportHours: 'Monday to Friday 8AM-5PM PST',
      attachment: { status: 'too-large', attached: false, tooLarge: true, unavailable: false },
      hits: [
        {
          kind: 'name',
          guarded: hostile,
          matchedValue: 'PUBLIC JANE Q',
          partyRole: 'grantor',
          exact: true,
          tier: 'exact',
          tierLabel: 'Exact match.',
          level: 'act_now',
          levelLabel: 'Act now',
          possible: false,
          reason: 'The same name in another order.',
        },
      ],
    });
    expect(JSON.stringify(model)).not.toContain('&amp;');
  });

  it('lists every hit', () => {
    const model = alertTemplateModel(brand, input()) as { hits: { guarded: string }[] };
    expect(model.hits.map((h) => h.guarded)).toEqual([
      'JANE Q PUBLIC',
      '012-0345-006-0000',
      '123 MAIN ST',
    ]);
  });
});

describe('alertMail in Spanish', () => {
  const es = (overrides: Partial<AlertMailInput> = {}) =>
    alertMail(brand, input({ language: 'es', ...overrides }));

  it('writes both bodies in Spanish, with lang="es" and the date day first', () => {
    const mail = es();
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text.split('\n')[0]).toBe(`Actúe ya: ${WHAT}`);
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain(
        'El Registrador del condado de Sacramento registró un documento que afecta a elementos que usted protege con DeedWatch.',
      );
      expect(body).toContain(
        'Nombre JANE Q PUBLIC: el documento muestra PUBLIC JANE Q como otorgante, la parte que cede o vende, sea vendedor o prestatario. Actúe ya.',
      );
      expect(body).toContain('Tipo de documento: Escritura de concesión');
      expect(body).toContain('Actúe ya. Coincidencia exacta.');
      expect(body).toContain('Fecha de registro: 21/11/2024');
      expect(body).toContain('Las primeras 2 páginas del documento van adjuntas');
      expect(body).toContain('indicar «No fui yo» en su panel');
      expect(body).not.toMatch(/\b(What it matched|Recording date|Review this alert|You can)\b/);
    }
    expect(mail.text).toContain(`Revisar esta alerta: ${EVENT_URL}`);
    expect(mail.html).toContain(`>Revisar esta alerta</a>`);
    expect(mail.text).toContain('-- DeedWatch');
  });

  it('names a type it knows in Spanish, however the index writes it, and one it does not as it came', () => {
    const known = es({ documentType: "Trustee's  Deed Upon Sale" });
    const unknown = es({ documentType: 'OWNERS NOTICE' });
    for (const body of [known.text, visibleText(known.html)]) {
      expect(body).toContain('Tipo de documento: Escritura del fiduciario tras la venta');
    }
    for (const body of [unknown.text, visibleText(unknown.html)]) {
      expect(body).toContain('Tipo de documento: OWNERS NOTICE');
    }
    expect(alertMail(brand, input({ documentType: 'DEED OF TRUST' })).text).toContain(
      'Document type: DEED OF TRUST',
    );
  });

  it('calls the receiving party adquirente, never beneficiario (the lender, in a deed of trust)', () => {
    const mail = es({ hits: [{ ...nameHit, partyRole: 'grantee' }] });
    expect(mail.text).toContain(
      'el documento muestra PUBLIC JANE Q como adquirente, la parte que recibe, sea comprador o prestamista.',
    );
    expect(mail.text).not.toContain('beneficiario');
  });

  it('says a possible match and its fraud contact in Spanish', () => {
    const possible: AlertHit = {
      ...nameHit,
      tier: 'possible',
      level: 'check',
      possibleBecause: 'solo coincide la inicial del nombre',
      namesakes: 12,
    };
    const mail = es({
      hits: [possible],
      fraudContact: { name: 'Unidad de Fraude', phone: '(916) 874-0000', email: '', url: '' },
    });
    expect(mail.text).toContain('una posible coincidencia con un nombre que usted protege');
    expect(mail.text).toContain(
      'Posible coincidencia: solo coincide la inicial del nombre; compruebe si se trata de usted.',
    );
    expect(mail.text).toContain('12 documentos de este condado llevan este nombre.');
    expect(mail.text).toContain(
      '- denunciarlo al contacto de fraude del condado: Unidad de Fraude, Teléfono: (916) 874-0000',
    );
  });

  it("gives a county's own template its language and Spanish words", () => {
    const model = alertTemplateModel(brand, input({ language: 'es' }));
    expect(model.language).toBe('es');
    expect(model.levelLabel).toBe('Actúe ya');
    expect(model.recordingDate).toBe('21/11/2024');
    expect(alertTemplateModel(brand, input()).language).toBe('en');
  });
});
