import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { apiBaseUrl } from './base-url';
import { ACCEPT_HEADER, createApiClient, failures, quiet } from './client';

const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

function client() {
  const onUnauthorized = vi.fn();
  const onError = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const api = createApiClient({ baseUrl: 'http://localhost:3000', onUnauthorized, onError });
  return { api, onUnauthorized, onError };
}

describe('apiBaseUrl', () => {
  it('strips /api because the OpenAPI paths start with it', () => {
    expect(apiBaseUrl('/api', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(apiBaseUrl('https://qa.example.com/deedwatch/api', 'http://localhost:3000')).toBe(
      'https://qa.example.com/deedwatch',
    );
    expect(apiBaseUrl('/api/', 'https://app.example.com')).toBe('https://app.example.com');
  });
});

describe('api client', () => {
  it('sends the Accept header and cookies on every call', async () => {
    const { requests } = stubFetch({ 'GET /api/config': () => json([]) });
    const { api } = client();

    const { data } = await api.GET('/api/config');

    expect(data).toEqual([]);
    const [request] = requests;
    expect(request?.url).toBe('http://localhost:3000/api/config');
    expect(request?.headers.get('accept')).toBe('application/json application/octet-stream');
    expect(ACCEPT_HEADER).toBe('application/json application/octet-stream');
    expect(request?.credentials).toBe('include');
  });

  it("reports a failed response with the body's message and passes the error on", async () => {
    stubFetch({
      'GET /api/config': () =>
        json({ statusCode: 503, error: 'Service Unavailable', message: 'Database is down' }, 503),
    });
    const { api, onError, onUnauthorized } = client();

    const { error, response } = await api.GET('/api/config');

    expect(response.status).toBe(503);
    expect(error).toMatchObject({ message: 'Database is down' });
    expect(onError).toHaveBeenCalledWith('Database is down');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('falls back to the generic message when the body has none', async () => {
    stubFetch({
      'GET /api/config': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { api, onError } = client();

    await api.GET('/api/config');

    expect(onError).toHaveBeenCalledWith(GENERIC_ERROR_MESSAGE);
  });

  it('treats any 401 as an ended session', async () => {
    stubFetch({
      'POST /api/auth/me': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' }, 401),
    });
    const { api, onError, onUnauthorized } = client();

    await api.POST('/api/auth/me');

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('Please log in.');
  });

  it('treats a 401 from the staff password check as wrong credentials, not an ended session', async () => {
    stubFetch({
      'POST /api/admin/auth/login': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, 401),
    });
    const { api, onError, onUnauthorized } = client();
    await api.POST('/api/admin/auth/login', { body: { email: 'a@b', password: 'x' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith('Invalid email or password');
  });

  it('reports a network failure with the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const { api, onError } = client();

    await expect(api.GET('/api/config')).rejects.toThrow('fetch failed');
    expect(onError).toHaveBeenCalledWith(GENERIC_ERROR_MESSAGE);
  });
});

describe('logging failures', () => {
  it.each([401, 403, 404, 409, 422, 429])(
    'logs an expected %i at debug level, not as a console error',
    async (status) => {
      stubFetch({ 'GET /api/config': () => json({ statusCode: status, message: 'No.' }, status) });
      const { api, onError } = client();
      const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});

      await api.GET('/api/config', { middleware: [failures({ endsSession: false })] });

      expect(console.error).not.toHaveBeenCalled();
      expect(debug).toHaveBeenCalledWith(
        `GET http://localhost:3000/api/config failed: ${status} No.`,
      );
      // Handled as before: the toast says it.
      expect(onError).toHaveBeenCalledWith('No.');
    },
  );

  it('logs a server failure and a network failure as console errors', async () => {
    stubFetch({ 'GET /api/config': () => json({ statusCode: 500, message: 'Down.' }, 500) });
    const { api } = client();
    await api.GET('/api/config');
    expect(console.error).toHaveBeenCalledWith(
      'GET http://localhost:3000/api/config failed: 500 Down.',
    );

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    await expect(api.GET('/api/config')).rejects.toThrow('fetch failed');
    expect(console.error).toHaveBeenLastCalledWith(
      'GET http://localhost:3000/api/config failed',
      expect.any(TypeError),
    );
  });
});

describe('failure handling per call', () => {
  const unauthorized = () =>
    json({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' }, 401);

  it('a quiet call logs its failure but shows no toast, and its 401 still ends the session', async () => {
    stubFetch({ 'POST /api/auth/me': unauthorized });
    const { api, onError, onUnauthorized } = client();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});

    await api.POST('/api/auth/me', { middleware: [quiet] });

    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalledWith(expect.stringMatching(/\/api\/auth\/me failed: 401/));
  });

  it('a call that answers its own 401 keeps the session and shows nothing', async () => {
    stubFetch({ 'POST /api/auth/me': unauthorized });
    const { api, onError, onUnauthorized } = client();

    const { response } = await api.POST('/api/auth/me', {
      middleware: [failures({ toast: false, endsSession: false })],
    });

    expect(response.status).toBe(401);
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a quiet network failure shows no toast', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const { api, onError } = client();

    await expect(api.GET('/api/config', { middleware: [quiet] })).rejects.toThrow('fetch failed');
    expect(onError).not.toHaveBeenCalled();
  });

  it("is the call's own: another call at the same time keeps the default", async () => {
    stubFetch({ 'GET /api/config': () => json({ statusCode: 503, message: 'Down' }, 503) });
    const { api, onError } = client();

    await Promise.all([api.GET('/api/config', { middleware: [quiet] }), api.GET('/api/config')]);

    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('Down');
  });
});
