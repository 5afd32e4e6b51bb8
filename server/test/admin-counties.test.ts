import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_HAVE_NO_WELCOME } from '../src/modules/admin/admin-users.service.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import {
  countyForm,
  createCounty,
  createStaff,
  createSubscriber,
  uniqueEmail,
} from './helpers/factories.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

const COUNTY_FIELDS = [
  'id',
  'name',
  'code',
  'uiMask',
  'dataMask',
  'format',
  'linkUrl',
  'alertSendGridEmailTemplateId',
  'createCountyMailer',
  'mailerDocumentTypes',
  'mailerTemplatePath',
  'useOnePageMailer',
  'mailerOutputPath',
  'useWatermark',
  'isEnabled',
  'addSampleToMailer',
  // The folder the feed engine polls for the county's recorder feed.
  'inboxPath',
  // Whom the county wants a suspected fraud reported to, and its own level rows.
  'fraudContactName',
  'fraudContactPhone',
  'fraudContactEmail',
  'fraudContactUrl',
  'levelOverrides',
];

type Request = { method: 'GET' | 'POST'; url: string; payload?: object };

function call(t: TestApp, cookie: string | undefined, request: Request) {
  return t.app.inject({ ...request, headers: cookie ? { cookie } : {} });
}

const countyRow = (t: TestApp, id: number) =>
  t.db.selectFrom('counties').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditRows = (t: TestApp, targetType: string, targetId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor_id', 'impersonator_id', 'action', 'target_type', 'target_id', 'details'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

describe('admin counties, resend-welcome and their gates', () => {
  let t: TestApp;
  let admin: { id: string; email: string };
  let support: { id: string; email: string };
  let adminCookie: string;
  let supportCookie: string;
  let subscriberCookie: string;
  let subscriber: { id: string; email: string };
  // The data folder and one COUNTY_PATH_ROOTS folder of this app, with a way out of each.
  let dir: string;
  let dataDir: string;
  let feeds: string;

  beforeAll(async () => {
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-admin-paths-')));
    dataDir = path.join(dir, 'data');
    feeds = path.join(dir, 'feeds');
    await mkdir(path.join(dataDir, 'templates'), { recursive: true });
    await mkdir(feeds);
    await writeFile(path.join(dataDir, 'templates', 'letterhead.pdf'), '%PDF-1.7');
    await mkdir(path.join(dir, 'outside'));
    await writeFile(path.join(dir, 'outside', 'letterhead.pdf'), '%PDF-1.7');
    await symlink(path.join(dir, 'outside'), path.join(dataDir, 'escape'));
    await symlink('/etc', path.join(feeds, 'etc'));
    t = await startTestApp({ ...NO_RATE_LIMITS, DATA_DIR: dataDir, COUNTY_PATH_ROOTS: feeds });
    admin = await createStaff(t.db, 'admin');
    support = await createStaff(t.db, 'customersupport');
    subscriber = await createSubscriber(t.db);
    adminCookie = await signInStaff(t, admin.email);
    supportCookie = await signInStaff(t, support.email);
    subscriberCookie = await signInSubscriber(t, subscriber.email);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const update = (payload: object, cookie = adminCookie) =>
    call(t, cookie, { method: 'POST', url: '/api/admin/counties/update', payload });

  describe('gates', () => {
    it('answers anonymous 401, subscribers 403, customersupport 403 except resend-welcome, admins 200', async () => {
      const county = await createCounty(t.db);
      const target = await createSubscriber(t.db);
      const requests: Record<string, Request> = {
        counties: { method: 'GET', url: '/api/admin/counties' },
        update: { method: 'POST', url: '/api/admin/counties/update', payload: countyForm(county) },
        audit: { method: 'GET', url: '/api/admin/audit' },
        resend: {
          method: 'POST',
          url: '/api/admin/resend-welcome',
          payload: { userId: target.id },
        },
      };
      const statuses = async (cookie: string | undefined) => {
        const out: Record<string, number> = {};
        for (const [name, request] of Object.entries(requests)) {
          out[name] = (await call(t, cookie, request)).statusCode;
        }
        return out;
      };
      expect(await statuses(undefined)).toEqual({
        counties: 401,
        update: 401,
        audit: 401,
        resend: 401,
      });
      expect(await statuses(subscriberCookie)).toEqual({
        counties: 403,
        update: 403,
        audit: 403,
        resend: 403,
      });
      expect(await statuses(supportCookie)).toEqual({
        counties: 403,
        update: 403,
        audit: 403,
        resend: 200,
      });
      expect(await statuses(adminCookie)).toEqual({
        counties: 200,
        update: 200,
        audit: 200,
        resend: 200,
      });
    });

    it('checks the role before the input: no validation details for the wrong caller', async () => {
      const bad = { method: 'POST', url: '/api/admin/counties/update', payload: { id: 'x' } };
      expect((await call(t, undefined, bad as Request)).statusCode).toBe(401);
      expect((await call(t, supportCookie, bad as Request)).statusCode).toBe(403);
      const badQuery = { method: 'GET', url: '/api/admin/audit?count=7' } as const;
      expect((await call(t, supportCookie, badQuery)).statusCode).toBe(403);
      expect((await call(t, adminCookie, badQuery)).statusCode).toBe(400);
    });

    it('treats an admin impersonating a subscriber as that subscriber (403)', async () => {
      const otherAdmin = await createStaff(t.db, 'admin');
      const victim = await createSubscriber(t.db);
      const staffCookie = await signInStaff(t, otherAdmin.email);
      const started = await call(t, staffCookie, {
        method: 'POST',
        url: '/api/admin/impersonate',
        payload: { userId: victim.id },
      });
      expect(started.statusCode).toBe(200);
      const asVictim = sessionCookieOf(started)!;
      const county = await createCounty(t.db);
      for (const request of [
        { method: 'GET', url: '/api/admin/counties' },
        { method: 'POST', url: '/api/admin/counties/update', payload: countyForm(county) },
        { method: 'GET', url: '/api/admin/audit' },
        { method: 'POST', url: '/api/admin/resend-welcome', payload: { userId: victim.id } },
      ] as Request[]) {
        expect((await call(t, asVictim, request)).statusCode, request.url).toBe(403);
      }
    });
  });

  describe('GET /api/admin/counties', () => {
    it("lists every county, disabled ones too, with the product's field names, by name", async () => {
      const full = await t.db
        .insertInto('counties')
        .values({
          name: 'aardvark county',
          code: 'AARD',
          ui_mask: '000a-0000',
          data_mask: '000a0000',
          format: '048A-7046',
          link_url: 'https://aardvark.example.gov/recorder',
          alert_template_id: 'alert-aardvark',
          create_county_mailer: true,
          mailer_document_types: ['GRANT DEED', 'QUITCLAIM DEED'],
          mailer_template_path: 'templates/aardvark.pdf',
          use_one_page_mailer: true,
          mailer_output_path: 'out/aardvark',
          use_watermark: true,
          add_sample_to_mailer: true,
          is_enabled: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const plain = await createCounty(t.db, { name: 'Zebra', code: 'ZEB' });

      const res = await call(t, adminCookie, { method: 'GET', url: '/api/admin/counties' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      for (const county of list)
        expect(Object.keys(county).sort()).toEqual([...COUNTY_FIELDS].sort());
      expect(list.find((c) => c.id === full.id)).toEqual({
        id: full.id,
        name: 'aardvark county',
        code: 'AARD',
        uiMask: '000a-0000',
        dataMask: '000a0000',
        format: '048A-7046',
        linkUrl: 'https://aardvark.example.gov/recorder',
        alertSendGridEmailTemplateId: 'alert-aardvark',
        createCountyMailer: true,
        mailerDocumentTypes: ['GRANT DEED', 'QUITCLAIM DEED'],
        mailerTemplatePath: 'templates/aardvark.pdf',
        useOnePageMailer: true,
        mailerOutputPath: 'out/aardvark',
        useWatermark: true,
        isEnabled: false,
        addSampleToMailer: true,
        inboxPath: '',
        fraudContactName: '',
        fraudContactPhone: '',
        fraudContactEmail: '',
        fraudContactUrl: '',
        levelOverrides: [],
      });
      expect(list.find((c) => c.id === plain.id)).toEqual({
        id: plain.id,
        name: 'Zebra',
        code: 'ZEB',
        uiMask: '000-0000-000-0000',
        dataMask: '00000000000000',
        format: '012-0345-006-0000',
        linkUrl: 'https://recorder.example.gov',
        alertSendGridEmailTemplateId: '',
        createCountyMailer: false,
        mailerDocumentTypes: [],
        mailerTemplatePath: '',
        useOnePageMailer: false,
        mailerOutputPath: '',
        useWatermark: false,
        isEnabled: true,
        addSampleToMailer: false,
        inboxPath: '',
        fraudContactName: '',
        fraudContactPhone: '',
        fraudContactEmail: '',
        fraudContactUrl: '',
        levelOverrides: [],
      });
      const names = list.map((c) => String(c.name).toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(list[0]!.id).toBe(full.id);
      expect(list.length).toBe(
        Number(
          (
            await t.db
              .selectFrom('counties')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    });
  });

  describe('POST /api/admin/counties/update', () => {
    it('saves several fields, returns the county as saved, and audits only what changed', async () => {
      const county = await createCounty(t.db);
      await t.db
        .updateTable('counties')
        .set({
          alert_template_id: 'county-alert',
          mailer_template_path: path.join(dataDir, 'templates', 'letterhead.pdf'),
        })
        .where('id', '=', county.id)
        .execute();
      const res = await update(
        countyForm(county, {
          name: '  Renamed County ',
          code: 'ren_1',
          uiMask: '00-aa',
          linkUrl: 'http://records.example.gov/search?x=1',
          isEnabled: false,
          createCountyMailer: true,
          mailerDocumentTypes: [' grant deed', 'GRANT DEED', 'deed of trust ', 'Deed  of Trust'],
          mailerTemplatePath: path.join(dataDir, 'templates', 'letterhead.pdf'),
          useWatermark: true,
        }),
      );
      expect(res.statusCode).toBe(200);
      const expected = {
        id: county.id,
        name: 'Renamed County',
        code: 'REN_1',
        uiMask: '00-aa',
        dataMask: '00000000000000',
        format: '012-0345-006-0000',
        linkUrl: 'http://records.example.gov/search?x=1',
        alertSendGridEmailTemplateId: 'county-alert',
        createCountyMailer: true,
        mailerDocumentTypes: ['GRANT DEED', 'DEED OF TRUST'],
        mailerTemplatePath: path.join(dataDir, 'templates', 'letterhead.pdf'),
        useOnePageMailer: false,
        mailerOutputPath: '',
        useWatermark: true,
        isEnabled: false,
        addSampleToMailer: false,
        inboxPath: '',
        fraudContactName: '',
        fraudContactPhone: '',
        fraudContactEmail: '',
        fraudContactUrl: '',
        levelOverrides: [],
      };
      expect(res.json()).toEqual(expected);

      const listed = await call(t, adminCookie, { method: 'GET', url: '/api/admin/counties' });
      expect(listed.json().find((c: { id: number }) => c.id === county.id)).toEqual(expected);
      expect(await countyRow(t, county.id)).toMatchObject({
        name: 'Renamed County',
        code: 'REN_1',
        ui_mask: '00-aa',
        link_url: 'http://records.example.gov/search?x=1',
        is_enabled: false,
        create_county_mailer: true,
        mailer_document_types: ['GRANT DEED', 'DEED OF TRUST'],
        use_watermark: true,
      });

      expect(await auditRows(t, 'county', String(county.id))).toEqual([
        {
          actor_id: admin.id,
          impersonator_id: null,
          action: 'county.update',
          target_type: 'county',
          target_id: String(county.id),
          details: {
            name: { before: county.name, after: 'Renamed County' },
            code: { before: county.code, after: 'REN_1' },
            uiMask: { before: '000-0000-000-0000', after: '00-aa' },
            linkUrl: {
              before: 'https://recorder.example.gov',
              after: 'http://records.example.gov/search?x=1',
            },
            isEnabled: { before: true, after: false },
            createCountyMailer: { before: false, after: true },
            mailerDocumentTypes: { before: [], after: ['GRANT DEED', 'DEED OF TRUST'] },
            useWatermark: { before: false, after: true },
          },
        },
      ]);
    });

    it('keeps omitted mailer fields, and writes nothing when nothing changes', async () => {
      const county = await createCounty(t.db);
      const first = await update(
        countyForm(county, {
          mailerDocumentTypes: ['GRANT DEED'],
          mailerOutputPath: path.join(feeds, 'out', 'x'),
          useOnePageMailer: true,
          addSampleToMailer: true,
        }),
      );
      expect(first.statusCode).toBe(200);
      const saved = await countyRow(t, county.id);

      const again = await update(countyForm(county));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        mailerDocumentTypes: ['GRANT DEED'],
        mailerOutputPath: path.join(feeds, 'out', 'x'),
        useOnePageMailer: true,
        addSampleToMailer: true,
      });
      expect(await countyRow(t, county.id)).toEqual(saved);
      expect(await auditRows(t, 'county', String(county.id))).toHaveLength(1);
    });

    it('names every missing or blank required field in one 400', async () => {
      const county = await createCounty(t.db);
      const { name: _n, linkUrl: _l, isEnabled: _e, ...withoutThree } = countyForm(county);
      const three = await update(withoutThree);
      expect(three.statusCode).toBe(400);
      expect(three.json().message).toBe('name, linkUrl and isEnabled are required.');

      const all = await update({ id: county.id });
      expect(all.statusCode).toBe(400);
      expect(all.json().message).toBe(
        'name, code, uiMask, dataMask, format, linkUrl, alertSendGridEmailTemplateId and isEnabled are required.',
      );

      for (const field of [
        'name',
        'code',
        'uiMask',
        'dataMask',
        'format',
        'linkUrl',
        'alertSendGridEmailTemplateId',
        'isEnabled',
      ]) {
        const body: Record<string, unknown> = countyForm(county);
        delete body[field];
        const missing = await update(body);
        expect(missing.statusCode, field).toBe(400);
        expect(missing.json().message).toBe(`${field} is required.`);
      }
      const blank = await update(
        countyForm(county, { format: '   ', alertSendGridEmailTemplateId: '' }),
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('format and alertSendGridEmailTemplateId are required.');
    });

    it('refuses bad values with a 400 that names the field, and changes nothing', async () => {
      const county = await createCounty(t.db);
      const other = await createCounty(t.db);
      const before = await countyRow(t, county.id);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ uiMask: '000-XX' }, /uiMask: may contain only 0 \(a digit\), a \(a letter\) and -/],
        [{ dataMask: '000 000' }, /dataMask: may contain only 0/],
        [{ uiMask: '---' }, /uiMask: needs at least one 0 or a/],
        [{ linkUrl: 'ftp://x' }, /linkUrl: must be an http\(s\) URL/],
        [{ linkUrl: 'not a url' }, /linkUrl: must be an http\(s\) URL/],
        [{ code: 'AB-1' }, /code: may contain only letters A-Z, digits and _/],
        [{ name: 'Nul\u0000County' }, /name: must not contain control characters/],
        [{ isEnabled: 'true' }, /isEnabled/],
        [{ mailerDocumentTypes: 'GRANT DEED' }, /mailerDocumentTypes/],
        [{ mailerDocumentTypes: ['x'.repeat(101)] }, /at most 100 characters/],
        [{ name: 'x'.repeat(101) }, /name: is at most 100 characters/],
        [{ id: 2_147_483_648 }, /id: must be a county id/],
        [{ id: '5' }, /id: must be a county id/],
        [{ sendGridId: 'x' }, /field 'sendGridId' is not allowed/],
      ];
      for (const [changes, message] of cases) {
        const res = await update(countyForm(county, changes));
        expect(res.statusCode, JSON.stringify(changes)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      const duplicate = await update(countyForm(county, { code: other.code.toLowerCase() }));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe(
        `County code '${other.code}' is already used by ${other.name} (id ${other.id}).`,
      );
      const sameName = await update(countyForm(county, { name: other.name.toUpperCase() }));
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().message).toMatch(/County name .* is already used by county/);

      expect(await countyRow(t, county.id)).toEqual(before);
      expect(await auditRows(t, 'county', String(county.id))).toEqual([]);
    });

    it('keeps inboxPath, mailerOutputPath and mailerTemplatePath under the data folder or COUNTY_PATH_ROOTS, links resolved', async () => {
      const county = await createCounty(t.db);
      const before = await countyRow(t, county.id);
      const PATH_LABELS: Record<string, string> = {
        inboxPath: 'Inbox Folder',
        mailerOutputPath: 'Mailer Output Path',
        mailerTemplatePath: 'Mailer Template Path',
      };
      const refused: [Record<string, string>, string, RegExp][] = [
        [{ inboxPath: '/etc' }, 'inboxPath', /'\/etc' is outside the allowed folders/],
        [{ inboxPath: '/' }, 'inboxPath', /is outside the allowed folders/],
        [{ inboxPath: '../../..' }, 'inboxPath', /is not an absolute path/],
        [{ inboxPath: `${dataDir}/../../..` }, 'inboxPath', /'\.' or '\.\.' segment/],
        [{ inboxPath: `${dataDir}/inbox/../../x` }, 'inboxPath', /'\.' or '\.\.' segment/],
        [{ inboxPath: 'inbox/SAC' }, 'inboxPath', /is not an absolute path/],
        [
          { inboxPath: path.join(dataDir, 'escape', 'inbox') },
          'inboxPath',
          /is outside the allowed folders \(it leads to .*outside\/inbox\)/,
        ],
        [{ inboxPath: dataDir }, 'inboxPath', /is an allowed folder itself/],
        [{ inboxPath: path.join(dataDir, 'postgres') }, 'inboxPath', /DeedWatch's own files/],
        [{ mailerOutputPath: '/etc/cron.d' }, 'mailerOutputPath', /is outside the allowed folders/],
        [
          { mailerOutputPath: path.join(feeds, 'etc', 'cron.d') },
          'mailerOutputPath',
          /it leads to \/etc\/cron\.d/,
        ],
        [
          { mailerOutputPath: t.config.documentsDir },
          'mailerOutputPath',
          /is outside the allowed folders/,
        ],
        [
          { mailerOutputPath: path.join(dataDir, 'session-secret') },
          'mailerOutputPath',
          /DeedWatch's own files/,
        ],
        [{ mailerTemplatePath: '/etc/passwd' }, 'mailerTemplatePath', /is outside/],
        [
          { mailerTemplatePath: path.join(dataDir, 'escape', 'letterhead.pdf') },
          'mailerTemplatePath',
          /is outside the allowed folders \(it leads to/,
        ],
        [
          { mailerTemplatePath: path.join(dataDir, 'templates') },
          'mailerTemplatePath',
          /is not a regular file/,
        ],
      ];
      for (const [changes, field, reason] of refused) {
        const res = await update(countyForm(county, changes));
        expect(res.statusCode, JSON.stringify(changes)).toBe(400);
        const { message } = res.json();
        expect(message, JSON.stringify(changes)).toMatch(reason);
        // Named as Edit County labels the field, where the message shows.
        expect(message.startsWith(`${PATH_LABELS[field]} '${changes[field]}'`)).toBe(true);
        expect(message).toContain(
          `it must be a ${field === 'mailerTemplatePath' ? 'file' : 'folder'} under ${dataDir} or ${feeds}`,
        );
      }
      expect(await countyRow(t, county.id)).toEqual(before);
      expect(await auditRows(t, 'county', String(county.id))).toEqual([]);

      // Folders not made yet, a link that stays inside, and '' for none are all fine.
      const allowed = {
        inboxPath: path.join(dataDir, 'inbox', county.code),
        mailerOutputPath: path.join(feeds, 'mailers', county.code),
        mailerTemplatePath: path.join(dataDir, 'templates', 'letterhead.pdf'),
      };
      const saved = await update(countyForm(county, allowed));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject(allowed);
      const cleared = await update(
        countyForm(county, { inboxPath: '', mailerOutputPath: '', mailerTemplatePath: '' }),
      );
      expect(cleared.json()).toMatchObject({
        inboxPath: '',
        mailerOutputPath: '',
        mailerTemplatePath: '',
      });
    });

    it('answers an unknown county with 404', async () => {
      const county = await createCounty(t.db);
      const res = await update(countyForm(county, { id: 2_000_000_000 }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("County '2000000000' not found.");
      expect(await auditRows(t, 'county', '2000000000')).toEqual([]);
    });
  });

  describe('POST /api/admin/resend-welcome', () => {
    const resend = (userId: string, cookie = adminCookie) =>
      call(t, cookie, { method: 'POST', url: '/api/admin/resend-welcome', payload: { userId } });

    it('queues a welcome mail with a working verify link and audits it', async () => {
      const target = await createSubscriber(t.db);
      const before = await countOutbox(t.db, target.email);
      const res = await resend(target.id, supportCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: `The welcome email to ${target.email} is on its way.`,
      });
      await waitFor(
        'the resent welcome mail',
        async () => (await countOutbox(t.db, target.email)) > before,
      );
      const mail = await waitForMail(t.db, target.email, /verify your email/);
      expect(mail.text_body).toContain('/verify-email/');
      const verified = await t.app.inject({
        method: 'POST',
        url: `/api/auth/verify-email?code=${codeFrom(mail.text_body, 'verify-email')}`,
      });
      expect(verified.statusCode).toBe(200);
      const method = await t.db
        .selectFrom('notification_methods')
        .select('verified_at')
        .where('id', '=', target.methodId)
        .executeTakeFirstOrThrow();
      expect(method.verified_at).not.toBeNull();

      expect(await auditRows(t, 'user', target.id)).toEqual([
        {
          actor_id: support.id,
          impersonator_id: null,
          action: 'welcome.resend',
          target_type: 'user',
          target_id: target.id,
          details: { email: target.email },
        },
      ]);
    });

    it("creates the account's email method when it is missing", async () => {
      const email = uniqueEmail('nomethod');
      const user = await t.db
        .insertInto('users')
        .values({ email, password_hash: null, email_verified_at: null, last_login_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await resend(user.id)).statusCode).toBe(200);
      const mail = await waitForMail(t.db, email, /verify your email/);
      expect(mail.text_body).toContain('/verify-email/');
      const methods = await t.db
        .selectFrom('notification_methods')
        .select(['type', 'email'])
        .where('user_id', '=', user.id)
        .execute();
      expect(methods).toEqual([{ type: 'Email', email }]);
    });

    it('answers 404 for accounts the caller may not see, and sends nothing', async () => {
      const otherAdmin = await createStaff(t.db, 'admin');
      const otherSupport = await createStaff(t.db, 'customersupport');
      const unknown = '00000000-0000-4000-8000-000000000000';
      const cases: [string, string, number][] = [
        ['admin → admin', adminCookie, 404],
        ['customersupport → admin', supportCookie, 404],
        ['customersupport → customersupport', supportCookie, 404],
        ['admin → customersupport', adminCookie, 400],
        ['admin → unknown', adminCookie, 404],
      ];
      const targets = [otherAdmin.id, otherAdmin.id, otherSupport.id, otherSupport.id, unknown];
      for (const [i, [label, cookie, status]] of cases.entries()) {
        const res = await resend(targets[i]!, cookie);
        expect(res.statusCode, label).toBe(status);
        if (status === 404) expect(res.json().message).toBe(`User '${targets[i]}' not found.`);
        else expect(res.json().message).toBe(STAFF_HAVE_NO_WELCOME);
      }
      // The caller's own account is hidden like any other admin's.
      expect((await resend(admin.id)).statusCode).toBe(404);
      expect((await resend('not-a-uuid')).statusCode).toBe(400);

      const deliveries = await t.db
        .selectFrom('deliveries')
        .select('id')
        .where('user_id', 'in', [otherAdmin.id, otherSupport.id, admin.id])
        .execute();
      expect(deliveries).toEqual([]);
      expect(await auditRows(t, 'user', otherSupport.id)).toEqual([]);
    });
  });
});

describe('GET /api/admin/audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  it('pages the log newest first, impersonations included, with the total', async () => {
    const admin = await createStaff(t.db, 'admin');
    const subscriber = await createSubscriber(t.db);
    const county = await createCounty(t.db);
    const cookie = await signInStaff(t, admin.email);

    const started = await call(t, cookie, {
      method: 'POST',
      url: '/api/admin/impersonate',
      payload: { userId: subscriber.id },
    });
    expect(started.statusCode).toBe(200);
    const out = await call(t, sessionCookieOf(started), { method: 'GET', url: '/api/auth/logout' });
    expect(out.json()).toEqual({ id: admin.id });
    const staffAgain = sessionCookieOf(out)!;

    for (let i = 1; i <= 9; i++) {
      const res = await call(t, staffAgain, {
        method: 'POST',
        url: '/api/admin/counties/update',
        payload: countyForm(county, { format: `format ${i}` }),
      });
      expect(res.statusCode).toBe(200);
    }
    const resent = await call(t, staffAgain, {
      method: 'POST',
      url: '/api/admin/resend-welcome',
      payload: { userId: subscriber.id },
    });
    expect(resent.statusCode).toBe(200);

    const page = async (query: string) => {
      const res = await call(t, staffAgain, { method: 'GET', url: `/api/admin/audit${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        entries: { id: string; at: string; action: string; details: object }[];
        totalEntries: number;
      };
    };
    const first = await page('?page=1&count=10');
    const second = await page('?page=2&count=10');
    expect(first.totalEntries).toBe(12);
    expect(second.totalEntries).toBe(12);
    expect(first.entries.map((e) => e.action)).toEqual([
      'welcome.resend',
      ...Array(9).fill('county.update'),
    ]);
    expect(first.entries[1]!.details).toEqual({
      format: { before: 'format 8', after: 'format 9' },
    });
    expect(second.entries).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        action: 'impersonation.end',
        actorId: admin.id,
        actorEmail: admin.email,
        impersonatorId: null,
        targetType: 'user',
        targetId: subscriber.id,
        details: {},
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        action: 'impersonation.start',
        actorId: admin.id,
        actorEmail: admin.email,
        impersonatorId: null,
        targetType: 'user',
        targetId: subscriber.id,
        details: { email: subscriber.email },
      },
    ]);
    const all = [...first.entries, ...second.entries];
    const ids = all.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const byDefault = await page('');
    expect(byDefault.entries).toHaveLength(12);
    expect(byDefault.entries.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await page('?page=3&count=10')).entries).toEqual([]);

    for (const bad of ['?count=15', '?page=0', '?page=x', '?sort=at']) {
      const res = await call(t, staffAgain, { method: 'GET', url: `/api/admin/audit${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
