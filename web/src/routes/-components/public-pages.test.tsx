import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

function visit(path: string) {
  stubFetch({});
  return renderApp({ path });
}

describe('public pages', () => {
  it('/ explains How it Works and leads to /register', async () => {
    const { events, router } = visit('/');
    const section = within(
      (await screen.findByRole('heading', { name: 'How it Works' })).closest('section')!,
    );
    expect(section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Sign Up',
      'Monitor',
      'Detect and Alert',
      'Report Fraud',
      'Remember',
    ]);

    await events.click(screen.getByRole('link', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Free Real Estate Protection Service' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('/faq answers the six topics and states the limits', async () => {
    const { events } = visit('/faq');
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    const questions = screen
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent);
    // The FAQ's six topics, in order, each named by its question.
    expect(questions).toEqual([
      'How do I enroll?',
      'When will I receive an alert?',
      'Which documents does an alert include?',
      'How do I unsubscribe from an item?',
      'What should I do if I suspect fraud?',
      'Can I guard a business or a trust?',
    ]);
    const topics = [/enroll/, /alert/, /documents/, /unsubscribe/, /fraud/, /trust/];
    topics.forEach((topic, i) => expect(questions[i]).toMatch(topic));

    await events.click(screen.getByRole('button', { name: 'How do I enroll?' }));
    expect(await screen.findByText(/up to 10 names and 10 APNs/)).toBeDefined();
    await events.click(
      screen.getByRole('button', { name: 'Which documents does an alert include?' }),
    );
    expect(await screen.findByText(/the first 2 pages of the recorded document/)).toBeDefined();
  });

  it('/support gives the phone, the hours and the email', async () => {
    visit('/support');
    const phone = await screen.findByRole('link', { name: '(800) 555-0142' });
    expect(phone.getAttribute('href')).toBe('tel:+18005550142');
    expect(screen.getByText('Monday to Friday 8AM-5PM PST')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'support@deedwatch.localhost' }).getAttribute('href'),
    ).toBe('mailto:support@deedwatch.localhost');
  });

  it('/terms states arbitration, California law, the 1-year notice, no shared passwords, prepaid orders', async () => {
    visit('/terms');
    await screen.findByRole('heading', { name: 'Terms of Use' });
    const text = screen.getByRole('list').textContent;
    for (const point of [
      'arbitration in Sacramento County',
      'California law',
      'within 1 year',
      'must not be shared',
      'prepaid',
    ]) {
      expect(text).toContain(point);
    }
  });

  it('/privacy states the CCPA rights, under 13, the privacy email and no sale of data', async () => {
    visit('/privacy');
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    const text = screen.getByRole('list').textContent;
    for (const point of [
      'CCPA',
      'children under 13',
      'privacy@deedwatch.localhost',
      'do not sell',
    ]) {
      expect(text).toContain(point);
    }
  });
});

describe('an unknown address', () => {
  it('says there is no page there, inside the header and footer, with the way home', async () => {
    const { events, router } = visit('/nope-unknown');
    const heading = await screen.findByRole('heading', { name: 'Page Not Found', level: 1 });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.getByText(/There is no page at this address/)).toBeDefined();
    expect(screen.queryByText('Not Found')).toBeNull();
    expect(screen.getByRole('banner')).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeDefined();

    await events.click(screen.getByRole('link', { name: 'Go to the Home Page' }));
    expect(
      await screen.findByRole('heading', { name: 'Free Property Fraud Alerts' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });
});
