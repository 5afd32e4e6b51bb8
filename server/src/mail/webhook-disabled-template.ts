import { type Brand, escapeHtml, layout, type RenderedMail, textLayout } from './templates.ts';

export type WebhookDisabledInput = {
  url: string;
  /** The last attempt's failure, as the dashboard shows it. */
  lastError: string;
  dashboardUrl: string;
};

/** Tells a subscriber their webhook endpoint failed for 24 hours and is sent nothing now. */
export function webhookDisabledMail(brand: Brand, input: WebhookDisabledInput): RenderedMail {
  const intro = `For 24 hours every delivery to your webhook endpoint ${input.url} failed, so it is now disabled: no events are sent to it.`;
  const last = `The last attempt: ${input.lastError}`;
  const next =
    'Once the receiver answers again, enable the endpoint under API Access on your dashboard, and resend the deliveries it missed.';
  return {
    subject: 'DeedWatch: a webhook endpoint was disabled',
    tag: 'webhook-disabled',
    text: textLayout(brand, [
      intro,
      '',
      last,
      '',
      next,
      '',
      `Your dashboard: ${input.dashboardUrl}`,
    ]),
    html: layout(
      brand,
      'A webhook endpoint was disabled',
      [escapeHtml(intro), escapeHtml(last), escapeHtml(next)],
      { label: 'Open API Access', url: input.dashboardUrl },
    ),
  };
}
