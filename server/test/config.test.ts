import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.db
      .insertInto('counties')
      .values([
        {
          name: 'Sacramento',
          code: 'SAC',
          ui_mask: '000-0000-000-0000',
          data_mask: '00000000000000',
          format: '012-0345-006-0000',
          link_url: 'https://ccr.saccounty.gov',
        },
        {
          name: 'Alameda',
          code: 'ALA',
          ui_mask: '000a-0000-000-00',
          data_mask: '000a000000000',
          format: '048A-7046-001-00',
          link_url: 'https://acgov.org',
        },
        {
          name: 'Closed',
          code: 'CLO',
          ui_mask: '000',
          data_mask: '000',
          format: '123',
          link_url: 'https://example.org',
          is_enabled: false,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('lists the enabled counties by name with their mask and format, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'Alameda', mask: '000a-0000-000-00', format: '048A-7046-001-00' },
      { name: 'Sacramento', mask: '000-0000-000-0000', format: '012-0345-006-0000' },
    ]);
  });
});
