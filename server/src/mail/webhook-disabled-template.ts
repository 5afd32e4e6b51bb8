import type { Language } from '@deedwatch/rules';
import { translator } from '../i18n/index.ts';
import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

export type WebhookDisabledInput = {
  url: string;
  /** The last attempt's failure, as the dashboard shows it. */
  lastError: string;
  dashboardUrl: string;
  /** The subscriber's language; English when not said. */
  language?: Language;
};

/** Tells a subscriber their webhook endpoint failed for 24 hours and is sent nothing now. */
export function webhookDisabledMail(brand: Brand, input: WebhookDisabledInput): RenderedMail {
  const language = input.language ?? 'en';
  const t = translator(language);
  const intro = t('mail.webhookDisabled.intro', { url: input.url });
  const last = t('mail.webhookDisabled.last', { error: input.lastError });
  const next = t('mail.webhookDisabled.next');
  return {
    subject: t('mail.webhookDisabled.subject'),
    tag: 'webhook-disabled',
    text: textLayout(
      brand,
      [
        intro,
        '',
        last,
        '',
        next,
        '',
        t('mail.webhookDisabled.dashboardLink', { url: input.dashboardUrl }),
      ],
      language,
    ),
    html: layout(
      brand,
      t('mail.webhookDisabled.heading'),
      [escapeHtml(intro), escapeHtml(last), escapeHtml(next)],
      { label: t('mail.webhookDisabled.button'), url: input.dashboardUrl },
      language,
    ),
  };
}
