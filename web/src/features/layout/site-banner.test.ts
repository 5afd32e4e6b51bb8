import { describe, expect, it } from 'vitest';
import { siteBannerFor } from './site-banner';

describe('siteBannerFor', () => {
  it.each([
    ['qa.deedwatch.example.com', 'THIS IS THE QA SITE!'],
    ['deedwatch-QA.example.com', 'THIS IS THE QA SITE!'],
    ['localhost', 'THIS IS THE DEV SITE!'],
    ['app.localhost', 'THIS IS THE DEV SITE!'],
    ['127.0.0.1', 'THIS IS THE DEV SITE!'],
    ['deedwatch.example.com', null],
    ['localhost.example.com', null],
  ])('%s → %s', (host, banner) => {
    expect(siteBannerFor(host)).toBe(banner);
  });
});
