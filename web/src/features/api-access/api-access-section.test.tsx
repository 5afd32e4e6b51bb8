import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { bodyOf, callsTo, json, stubFetch } from '../../test/fetch-stub';
import { renderUi } from '../../test/render-ui';
import { ApiAccessSection } from './api-access-section';
import type { Endpoint } from './queries';
import { delivery, endpoint, token } from './test-helpers';

const SECRET = `dw_pat_${'A'.repeat(43)}0123abcd`;

function render(handlers: Parameters<typeof stubFetch>[0], { impersonated = false } = {}) {
  const stub = stubFetch(handlers);
  renderUi(<ApiAccessSection impersonated={impersonated} />);
  const events = userEvent.setup();
  /** Replaces what a field holds with `text`, pasted rather than typed key by key. */
  const fill = async (field: HTMLElement, text: string) => {
    await events.clear(field);
    await events.click(field);
    await events.paste(text);
  };
  return { ...stub, events, fill };
}

const tokensSection = () => within(screen.getByRole('region', { name: 'Personal Access Tokens' }));
const webhooksSection = () => within(screen.getByRole('region', { name: 'Webhooks' }));

describe('API access on the dashboard', () => {
  it('lists tokens with their use, and creates one whose secret is shown once', async () => {
    let tokens = [token({ lastUsedAt: '2026-11-26T03:00:04.000Z', lastUsedIp: '203.0.113.7' })];
    const { events, fill, requests } = render({
      'GET /api/tokens': () => json({ tokens }),
      'GET /api/webhooks': () => json({ endpoints: [] }),
      'POST /api/tokens': () => {
        const created = token({
          id: '6c1f9b63-3a6d-4d4a-8e54-1e4f2d7b8f22',
          name: 'Title system',
          scopes: ['read', 'write'],
          expiresAt: '2026-12-25T16:02:11.000Z',
        });
        tokens = [created, ...tokens];
        return json({ token: created, secret: SECRET }, 201);
      },
    });

    const item = within(await tokensSection().findByRole('listitem', { name: 'Nightly sync' }));
    expect(item.getByText(/^Last used .* from 203\.0\.113\.7$/)).toBeDefined();
    expect(item.getByText('dw_pat_Q2hh…')).toBeDefined();

    await events.click(tokensSection().getByRole('button', { name: 'Create Token' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Create Personal Access Token' }),
    );
    await events.click(dialog.getByRole('button', { name: 'Create Token' }));
    expect(await dialog.findByText('Name is required')).toBeDefined();
    expect(callsTo(requests, 'POST /api/tokens')).toHaveLength(0);

    await fill(dialog.getByRole('textbox', { name: 'Name' }), '  Title system ');
    await events.click(dialog.getByRole('checkbox', { name: /^Write/ }));
    await events.click(dialog.getByRole('combobox', { name: 'Expires after' }));
    await events.click(await screen.findByRole('option', { name: '30 days', hidden: true }));
    await events.click(dialog.getByRole('button', { name: 'Create Token' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your New Token' }));
    expect(shown.getByRole('textbox', { name: 'Token Title system' })).toHaveProperty(
      'value',
      SECRET,
    );
    expect(shown.getByText(/shown only this once/)).toBeDefined();
    const [post] = callsTo(requests, 'POST /api/tokens');
    expect(await bodyOf(post!)).toEqual({
      name: 'Title system',
      scopes: ['read', 'write'],
      expiresInDays: 30,
    });

    await events.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(await tokensSection().findByRole('listitem', { name: 'Title system' })).toBeDefined();
  });

  it('revokes a token after asking', async () => {
    let tokens = [token()];
    const { events, requests } = render({
      'GET /api/tokens': () => json({ tokens }),
      'GET /api/webhooks': () => json({ endpoints: [] }),
      [`DELETE /api/tokens/${token().id}`]: () => {
        tokens = [token({ status: 'revoked', revokedAt: '2026-11-27T09:30:00.000Z' })];
        return json(tokens[0]);
      },
    });
    await events.click(await tokensSection().findByRole('button', { name: 'Revoke Nightly sync' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke Token' }));
    await events.click(dialog.getByRole('button', { name: 'Revoke' }));
    const item = within(await tokensSection().findByRole('listitem', { name: 'Nightly sync' }));
    expect(await item.findByText('revoked')).toBeDefined();
    expect(item.queryByRole('button', { name: /Revoke/ })).toBeNull();
    // Its Revoke button gone, focus goes to the section's heading, not to the page.
    const heading = tokensSection().getByRole('heading', { name: 'Personal Access Tokens' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(callsTo(requests, `DELETE /api/tokens/${token().id}`)).toHaveLength(1);
  });

  it('adds an endpoint, shows its signing secret once, and says why the server refused one', async () => {
    let endpoints: Endpoint[] = [];
    let refuse = true;
    const { events, fill, requests } = render({
      'GET /api/tokens': () => json({ tokens: [] }),
      'GET /api/webhooks': () => json({ endpoints }),
      'POST /api/webhooks': () => {
        if (refuse)
          return json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message:
                'body url: hooks.internal resolves to 10.0.0.7, a private address: webhooks go only to public addresses.',
            },
            400,
          );
        endpoints = [endpoint()];
        return json({ endpoint: endpoint(), secret: 'whsec_c2VjcmV0' }, 201);
      },
    });
    await events.click(webhooksSection().getByRole('button', { name: 'Add Endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' }));
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await fill(url, 'http://hooks.internal');
    await events.click(dialog.getByRole('button', { name: 'Add Endpoint' }));
    expect(await dialog.findByText('Give an https:// URL')).toBeDefined();
    expect(callsTo(requests, 'POST /api/webhooks')).toHaveLength(0);

    await fill(url, 'https://hooks.internal/x');
    await events.click(dialog.getByRole('button', { name: 'Add Endpoint' }));
    expect((await dialog.findByRole('alert')).textContent).toMatch(
      /10\.0\.0\.7, a private address/,
    );

    refuse = false;
    await fill(url, endpoint().url);
    await fill(dialog.getByRole('textbox', { name: 'Description' }), 'Title system');
    await events.click(dialog.getByRole('button', { name: 'Add Endpoint' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Your Signing Secret' }));
    expect(shown.getByRole('textbox', { name: 'Signing secret' })).toHaveProperty(
      'value',
      'whsec_c2VjcmV0',
    );
    const posts = callsTo(requests, 'POST /api/webhooks');
    expect(await bodyOf(posts[posts.length - 1]!)).toEqual({
      url: endpoint().url,
      description: 'Title system',
      eventTypes: ['event.created'],
    });
    await events.click(shown.getByRole('button', { name: 'Done' }));
    expect(await webhooksSection().findByRole('listitem', { name: endpoint().url })).toBeDefined();
  });

  it('lists an endpoint’s deliveries and resends one; a disabled endpoint says why and offers Enable', async () => {
    let endpoints = [endpoint()];
    const { events, requests } = render({
      'GET /api/tokens': () => json({ tokens: [] }),
      'GET /api/webhooks': () => json({ endpoints }),
      [`GET /api/webhooks/${endpoint().id}/deliveries`]: () => json({ deliveries: [delivery()] }),
      [`POST /api/webhooks/deliveries/${delivery().id}/resend`]: () =>
        json(delivery({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', status: 'pending' }), 202),
      [`PATCH /api/webhooks/${endpoint().id}`]: () => {
        endpoints = [
          endpoint({
            status: 'disabled',
            disabledAt: '2026-11-27T08:14:02.000Z',
            disabledReason: 'Disabled by you.',
          }),
        ];
        return json(endpoints[0]);
      },
    });
    const item = within(await webhooksSection().findByRole('listitem', { name: endpoint().url }));
    await events.click(item.getByRole('button', { name: `Deliveries to ${endpoint().url}` }));
    expect(await item.findByText('HTTP 503: down for maintenance')).toBeDefined();
    expect(item.getByText('Gave up after 8 attempts')).toBeDefined();
    await events.click(item.getByRole('button', { name: 'Resend msg_3f2a' }));
    expect(await screen.findByText('The delivery is queued.')).toBeDefined();
    expect(callsTo(requests, `POST /api/webhooks/deliveries/${delivery().id}/resend`)).toHaveLength(
      1,
    );

    await events.click(item.getByRole('button', { name: `Disable ${endpoint().url}` }));
    expect(await item.findByText('Disabled by you.')).toBeDefined();
    expect(item.getByRole('button', { name: `Enable ${endpoint().url}` })).toBeDefined();
    expect(item.getByRole('button', { name: 'Resend msg_3f2a' })).toHaveProperty('disabled', true);
    const [patch] = callsTo(requests, `PATCH /api/webhooks/${endpoint().id}`);
    expect(await bodyOf(patch!)).toEqual({ enabled: false });
  });

  it('shows a held delivery and offers no resend of one held or still on its way', async () => {
    const held = delivery({
      id: '2b3c4d5e-6f70-4a81-92a3-b4c5d6e7f809',
      messageId: 'msg_held',
      status: 'held',
      attempts: 0,
      lastAttemptAt: null,
      lastStatusCode: null,
      lastError: null,
    });
    const retrying = delivery({
      id: '3c4d5e6f-7081-4b92-a3b4-c5d6e7f8091a',
      messageId: 'msg_retrying',
      status: 'pending',
      attempts: 2,
      nextAttemptAt: '2026-11-27T08:19:02.000Z',
    });
    const { events } = render({
      'GET /api/tokens': () => json({ tokens: [] }),
      'GET /api/webhooks': () => json({ endpoints: [endpoint()] }),
      [`GET /api/webhooks/${endpoint().id}/deliveries`]: () =>
        json({ deliveries: [held, retrying, delivery()] }),
    });
    const item = within(await webhooksSection().findByRole('listitem', { name: endpoint().url }));
    await events.click(item.getByRole('button', { name: `Deliveries to ${endpoint().url}` }));
    expect(await item.findByText('held')).toBeDefined();
    expect(
      item.getByText(
        'Held: sent in order once the endpoint is enabled and has sent what came before',
      ),
    ).toBeDefined();
    for (const id of ['msg_held', 'msg_retrying']) {
      const button = item.getByRole('button', { name: `Resend ${id}` });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Resend once it has been delivered or has failed');
    }
    expect(item.getByRole('button', { name: 'Resend msg_3f2a' })).toHaveProperty('disabled', false);
  });

  it('while staff impersonate, offers no Create Token or Add Endpoint, which the server refuses, and says why', async () => {
    render(
      {
        'GET /api/tokens': () => json({ tokens: [token()] }),
        'GET /api/webhooks': () => json({ endpoints: [endpoint()] }),
      },
      { impersonated: true },
    );
    await tokensSection().findByRole('listitem', { name: 'Nightly sync' });
    await webhooksSection().findByRole('listitem', { name: endpoint().url });
    const hint = 'Not available while impersonating a user.';
    for (const button of [
      tokensSection().getByRole('button', { name: 'Create Token' }),
      webhooksSection().getByRole('button', { name: 'Add Endpoint' }),
    ]) {
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe(hint);
    }
    // Revoking and deleting are allowed (and audited): they stay offered.
    expect(tokensSection().getByRole('button', { name: 'Revoke Nightly sync' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('names a token’s scopes in the reader’s language', async () => {
    await i18n.changeLanguage('es');
    render({
      'GET /api/tokens': () => json({ tokens: [token({ scopes: ['read', 'write'] })] }),
      'GET /api/webhooks': () => json({ endpoints: [] }),
    });
    const tokens = within(screen.getByRole('region', { name: 'Tokens de acceso personal' }));
    const item = within(await tokens.findByRole('listitem', { name: 'Nightly sync' }));
    expect(item.getByText('lectura')).toBeDefined();
    expect(item.getByText('escritura')).toBeDefined();
    expect(item.queryByText('read')).toBeNull();
  });
});
