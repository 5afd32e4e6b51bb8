import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertDelivery } from '../src/mail/mail.repository.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createSubscriber,
  createToken,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { alertWaitsOnRowOf, holding } from './helpers/locks.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Trusted contacts: at most two per subscriber, never their own address, invited by mail and
// sent nothing until they accept (double opt-in), then a copy of each Act now alert, never of
// another level, until they stop with one click or the subscriber removes them.

const recordedAt = new Date();

type Contact = { id: string; email: string; name: string; status: string };

describe('trusted contacts', () => {
  let t: TestApp;
  let county: CountyRow;
  let subscriber: { id: string; email: string };
  let cookie: string;
  const folders: string[] = [];
  let documents = 0;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Trusting', code: 'TRU' });
    subscriber = await createSubscriber(t.db, { verified: true });
    await addNotificationMethod(t.db, subscriber.id, {
      type: 'Email',
      address: 'my-other-address@example.com',
      verified: true,
    });
    await insertNameSubscriptions(
      t.db,
      subscriber.id,
      [
        {
          countyId: county.id,
          name: 'TRUSTING TOM',
          nameKey: nameKey('TRUSTING TOM'),
          tokens: ['TRUSTING', 'TOM'],
        },
      ],
      new Date(recordedAt.getTime() - 60_000),
    );
    cookie = await signInSubscriber(t, subscriber.email);
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const call = (method: 'POST' | 'DELETE', url: string, payload?: object, withCookie = true) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.appUrl, ...(withCookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  const contacts = async (): Promise<Contact[]> =>
    (await call('POST', '/api/auth/me')).json().trustedContacts;

  /**
   * Ingests a document of `type` naming `name` (guarded by one subscriber) as `role`; returns
   * its number once its alert job is queued.
   */
  async function ingest(type: string, role: 'grantor' | 'grantee', name = 'TRUSTING TOM') {
    const number = `TRU-${++documents}`;
    const line: FeedLineInput = feedLine('TRU', recordedAt, {
      documentNumber: number,
      documentType: type,
      ...(role === 'grantor' ? { grantors: [name] } : { grantees: [name] }),
    });
    const folder = await feedFolder();
    folders.push(folder);
    // A deed that names no APN, in its index or its text.
    await writeFeed(folder, [line], { [line.file]: await feedPdf(line, 1, ['NOT STATED']) });
    expect(await ingestFolder(t.engine, folder)).toMatchObject({ events: 1, alerts: 1 });
    return number;
  }

  /** The alert of document `number` to `email`, once it is in the outbox. */
  const alertMailed = (email: string, number: string) =>
    waitFor(`the alert of ${number}`, () =>
      t.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', email)
        .where('subject', 'like', '%was recorded in Trusting County%')
        .where('text_body', 'like', `%${number}%`)
        .executeTakeFirst(),
    );

  /**
   * Records a document of `type` naming TRUSTING TOM as `role`; returns its number once the
   * subscriber's own alert (the sign that the alert job ran) is in the outbox.
   */
  async function record(type: string, role: 'grantor' | 'grantee') {
    const number = await ingest(type, role);
    await alertMailed(subscriber.email, number);
    return number;
  }

  const copiesTo = async (email: string) =>
    t.db
      .selectFrom('outbox_messages')
      .select(['subject', 'text_body'])
      .where('recipient', '=', email)
      .where('subject', 'like', 'Copy for a trusted contact:%')
      .orderBy('created_at')
      .execute();

  /**
   * Copies queued to `email`: written in the transaction that queues the subscriber's own alert,
   * so once that alert is in the outbox, a copy that was to go is here.
   */
  const copiesQueuedTo = async (email: string) =>
    Number(
      (
        await t.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', 'alert_copy')
          .where('recipient', '=', email)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A copy queued but not sent yet, as a send-mail worker that has not reached it leaves it. */
  const queueCopyTo = async (email: string) =>
    (
      await t.db
        .insertInto('deliveries')
        .values({
          kind: 'alert_copy',
          user_id: subscriber.id,
          recipient: email,
          provider_message_id: null,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const deliveryExists = async (id: string) =>
    (await t.db.selectFrom('deliveries').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  const ann = uniqueEmail('ann');
  const bob = uniqueEmail('bob');

  it("refuses an address that is not one, or is the subscriber's own, and writes nothing", async () => {
    for (const [email, message] of [
      ['not an address', /email: must be an email address/],
      [subscriber.email.toUpperCase(), /is your own email/],
      ['My-Other-Address@example.com', /is your own email/],
    ] as const) {
      const res = await call('POST', '/api/user/trusted-contacts', { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await contacts()).toEqual([]);
  });

  it('invites a contact by mail and sends them nothing else until they accept', async () => {
    const res = await call('POST', '/api/user/trusted-contacts', { email: ann, name: 'Ann' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().trustedContacts).toMatchObject([
      { email: ann, name: 'Ann', status: 'invited' },
    ]);
    const invite = await waitForMail(t.db, ann, /named you as a trusted contact on DeedWatch$/);
    expect(invite.subject).toBe(`${subscriber.email} named you as a trusted contact on DeedWatch`);
    expect(invite.text_body).toContain('Hello Ann,');
    expect(invite.text_body).toMatch(/\/trusted-contact\/accept\/[A-Za-z0-9_-]{43}/);
    expect(invite.text_body).toMatch(/\/trusted-contact\/stop\/[A-Za-z0-9_-]{43}/);

    // An Act now alert while Ann has not answered: no copy.
    await record('GRANT DEED', 'grantor');
    expect(await copiesQueuedTo(ann)).toBe(0);
    expect(await countOutbox(t.db, ann)).toBe(1);
  });

  it('takes at most two contacts, each once', async () => {
    expect((await call('POST', '/api/user/trusted-contacts', { email: ann })).statusCode).toBe(409);
    const second = await call('POST', '/api/user/trusted-contacts', { email: bob });
    expect(second.statusCode).toBe(201);
    const third = await call('POST', '/api/user/trusted-contacts', {
      email: uniqueEmail('carol'),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'You can name at most 2 trusted contacts: remove one before adding another.',
    );
    expect((await contacts()).map((c) => c.email)).toEqual([ann, bob]);
  });

  it('copies each Act now alert to a contact who accepted, and no alert of another level', async () => {
    const invite = await waitForMail(t.db, ann, /trusted contact/);
    const accept = codeFrom(invite.text_body, 'trusted-contact/accept');
    const res = await call('POST', `/api/trusted-contacts/accept?code=${accept}`, undefined, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'active', subscriberEmail: subscriber.email });
    expect((await contacts()).find((c) => c.email === ann)!.status).toBe('active');
    // The same link again (another tab, a second click) says so, and changes nothing.
    const reopened = await call(
      'POST',
      `/api/trusted-contacts/accept?code=${accept}`,
      undefined,
      false,
    );
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual({ status: 'active', subscriberEmail: subscriber.email });

    const deed = await record('GRANT DEED', 'grantor');
    const copy = await waitFor('the copy to Ann', async () => (await copiesTo(ann))[0]);
    // A second run of the same alert (a duplicate job) queues no second copy, and does not fail.
    const { id: deedId } = await t.db
      .selectFrom('recorded_documents')
      .select('id')
      .where('document_number', '=', deed)
      .executeTakeFirstOrThrow();
    const again = {
      deliveryKind: 'alert_copy' as const,
      userId: subscriber.id,
      notificationMethodId: null,
      documentId: deedId,
      recipient: ann,
    };
    expect(await insertDelivery(t.db, again)).toBeUndefined();
    expect(await copiesQueuedTo(ann)).toBe(1);
    // Said of the subscriber's guarded name, not to "you": the contact is not the one named.
    expect(copy.subject).toMatch(
      /^Copy for a trusted contact: Act now: A grant deed naming TRUSTING TOM as grantor was recorded in Trusting County on /,
    );
    expect(copy.text_body).toContain('A grant deed naming TRUSTING TOM as grantor was recorded');
    expect(copy.text_body).not.toMatch(/\byour? property|\bfrom you\b|naming you\b/);
    expect(copy.text_body).toContain(`You are a trusted contact of ${subscriber.email}`);
    expect(copy.text_body).toContain(`Document number: ${deed}`);
    expect(copy.text_body).toMatch(/\/trusted-contact\/stop\/[A-Za-z0-9_-]{43}/);
    // No dashboard, no document: the contact has no account.
    expect(copy.text_body).not.toContain('/dashboard');
    expect(copy.text_body).not.toContain('/documents/');

    // A Check (a deed to the guarded name) and a For your records alert are not copied; Bob,
    // who has not accepted, gets none.
    await record('GRANT DEED', 'grantee');
    await record('FULL RECONVEYANCE', 'grantor');
    expect(await copiesQueuedTo(ann)).toBe(1);
    await record('NOTICE OF DEFAULT', 'grantee');
    const copies = await waitFor('the second copy to Ann', async () => {
      const rows = await copiesTo(ann);
      return rows.length >= 2 ? rows : undefined;
    });
    expect(copies.map((c) => c.subject)).toEqual([
      expect.stringMatching(
        /^Copy for a trusted contact: Act now: A grant deed naming TRUSTING TOM/,
      ),
      expect.stringMatching(
        /^Copy for a trusted contact: Act now: A notice of default naming TRUSTING TOM as grantee/,
      ),
    ]);
    expect(await copiesQueuedTo(bob)).toBe(0);
  });

  it('stops a contact with one click of any stop link, for good', async () => {
    const [copy] = await copiesTo(ann);
    const stop = codeFrom(copy!.text_body, 'trusted-contact/stop');
    // A copy queued but not sent yet (a send in its retries) is dropped with the stop.
    const queued = await queueCopyTo(ann);
    const res = await call('POST', `/api/trusted-contacts/stop?code=${stop}`, undefined, false);
    expect(res.statusCode).toBe(200);
    expect(await deliveryExists(queued)).toBe(false);
    expect(res.json()).toEqual({ status: 'stopped', subscriberEmail: subscriber.email });
    // The same link again says so; nothing else about it.
    expect(
      (await call('POST', `/api/trusted-contacts/stop?code=${stop}`, undefined, false)).json(),
    ).toEqual({ status: 'stopped', subscriberEmail: subscriber.email });
    expect((await contacts()).find((c) => c.email === ann)!.status).toBe('stopped');

    await record('DEED OF TRUST', 'grantor');
    expect(await copiesQueuedTo(ann)).toBe(2);
    // The invitation's accept link cannot undo the stop.
    const invite = await waitForMail(t.db, ann, /trusted contact on DeedWatch$/);
    const inviteStop = codeFrom(invite.text_body, 'trusted-contact/stop');
    expect(
      (await call('POST', `/api/trusted-contacts/accept?code=${inviteStop}`, undefined, false))
        .statusCode,
    ).toBe(404);
    for (const code of ['nonsense', 'A'.repeat(43)])
      expect(
        (await call('POST', `/api/trusted-contacts/stop?code=${code}`, undefined, false))
          .statusCode,
      ).toBe(404);
  });

  it('removes a contact at once: their links die and their queued mail is dropped', async () => {
    const invite = await waitForMail(t.db, bob, /trusted contact on DeedWatch$/);
    const accept = codeFrom(invite.text_body, 'trusted-contact/accept');
    const bobId = (await contacts()).find((c) => c.email === bob)!.id;
    const queued = await queueCopyTo(bob);

    const res = await call('DELETE', `/api/user/trusted-contacts/${bobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().trustedContacts.map((c: Contact) => c.email)).toEqual([ann]);
    expect(await deliveryExists(queued)).toBe(false);
    expect(
      (await call('POST', `/api/trusted-contacts/accept?code=${accept}`, undefined, false))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/user/trusted-contacts/${bobId}`)).statusCode).toBe(404);

    // Room again for a second contact.
    expect(
      (await call('POST', '/api/user/trusted-contacts', { email: uniqueEmail('dan') })).statusCode,
    ).toBe(201);
  });

  it("keeps one subscriber's contacts from another", async () => {
    const other = await createSubscriber(t.db, { verified: true });
    const otherCookie = await signInSubscriber(t, other.email);
    const annId = (await contacts()).find((c) => c.email === ann)!.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/trusted-contacts/${annId}`,
      headers: { origin: t.config.appUrl, cookie: otherCookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await contacts()).map((c) => c.email)).toContain(ann);
  });

  it('tells a Spanish subscriber in Spanish of an address that is not one and of a contact not theirs', async () => {
    const other = await createSubscriber(t.db, { verified: true, language: 'es' });
    const otherCookie = await signInSubscriber(t, other.email);
    const as = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { origin: t.config.appUrl, cookie: otherCookie },
        ...(payload ? { payload } : {}),
      });
    const notAnAddress = await as('POST', '/api/user/trusted-contacts', { email: 'no es correo' });
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json().message).toBe(
      'La dirección (email) no es un correo electrónico válido.',
    );
    const annId = (await contacts()).find((c) => c.email === ann)!.id;
    const theirs = await as('DELETE', `/api/user/trusted-contacts/${annId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`No se encontró el contacto de confianza '${annId}'.`);
    expect((await contacts()).map((c) => c.email)).toContain(ann);
  });

  it("never makes a contact's address one of the account's alert emails, even both at once", async () => {
    const account = async () => {
      const owner = await createSubscriber(t.db, { verified: true });
      const ownerCookie = await signInSubscriber(t, owner.email);
      const as = (url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { origin: t.config.appUrl, cookie: ownerCookie },
          payload,
        });
      return {
        addContact: (email: string) => as('/api/user/trusted-contacts', { email }),
        addMethod: (email: string) =>
          as('/api/user/notifications/add', { email, notificationMethodType: 'Email' }),
      };
    };

    const one = await account();
    const cara = uniqueEmail('cara');
    expect((await one.addContact(cara)).statusCode).toBe(201);
    const refused = await one.addMethod(cara.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${cara} is one of your trusted contacts: an alert email is yours alone. Remove the contact first to make it one.`,
    );

    // Whichever comes first wins; the other is refused.
    for (let round = 0; round < 3; round++) {
      const { addContact, addMethod } = await account();
      const both = uniqueEmail(`both${round}`);
      const [contact, method] = await Promise.all([addContact(both), addMethod(both)]);
      const outcome = [contact.statusCode, method.statusCode];
      expect([JSON.stringify([201, 409]), JSON.stringify([400, 200])], both).toContain(
        JSON.stringify(outcome),
      );
    }
  });

  it('sends no copy to a contact whose stop lands while the alert is being queued', async () => {
    const owner = await createSubscriber(t.db, { verified: true });
    await insertNameSubscriptions(
      t.db,
      owner.id,
      [
        {
          countyId: county.id,
          name: 'RACING RAY',
          nameKey: nameKey('RACING RAY'),
          tokens: ['RACING', 'RAY'],
        },
      ],
      new Date(recordedAt.getTime() - 60_000),
    );
    const eve = uniqueEmail('eve');
    await t.db
      .insertInto('trusted_contacts')
      .values({
        user_id: owner.id,
        email: eve,
        name: 'Eve',
        status: 'active',
        accepted_at: new Date(),
      })
      .execute();

    // Eve's stop, begun and not committed when the Act now alert is queued: the alert reads
    // its contacts before the stop commits.
    const release = await holding(
      t.config.databaseUrl,
      `UPDATE trusted_contacts SET status = 'stopped', stopped_at = now() WHERE email = '${eve}'`,
    );
    let number: string;
    try {
      number = await ingest('GRANT DEED', 'grantor', 'RACING RAY');
      await alertWaitsOnRowOf(t.db, 'trusted_contacts', owner.id);
    } finally {
      await release();
    }
    await alertMailed(owner.email, number);
    expect(await copiesQueuedTo(eve)).toBe(0);
  });
});

describe('invitations of trusted contacts are limited per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ ...NO_RATE_LIMITS, AUTH_RATE_LIMIT_PER_EMAIL: '1' });
  });
  afterAll(() => limited.close());

  it("counts a token's invitations against its account, whatever the token's address", async () => {
    const user = await createSubscriber(limited.db, { verified: true });
    const secret = await createToken(limited.db, user.id, ['write']);
    const invite = (i: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/user/trusted-contacts',
        payload: { email: uniqueEmail('invited') },
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: `10.9.3.${i}`,
      });
    const first = await invite(1);
    expect(first.statusCode, first.body).toBe(201);
    expect((await invite(2)).statusCode).toBe(429);
  });
});
