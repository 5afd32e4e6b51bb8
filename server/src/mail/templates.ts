/**
 * The built-in messages, each as HTML and plain text. Pure functions: values are escaped here,
 * links are absolute (APP_URL), and nothing is fetched.
 */
import type { Language } from '@deedwatch/rules';
import { translator } from '../i18n/index.ts';

export type RenderedMail = { subject: string; text: string; html: string; tag: string };

export type Brand = { appUrl: string; supportPhone: string; supportEmail: string };

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function layout(
  brand: Brand,
  heading: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  language: Language = 'en',
) {
  const t = translator(language);
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`)
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#B31E3B;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4D4D4D">${escapeHtml(t('mail.layout.buttonFallback'))}<br><a href="${escapeHtml(action.url)}" style="color:#910933">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#E8E8E8;font-family:Roboto,Arial,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px">
<tr><td style="background:#B31E3B;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:900;border-radius:6px 6px 0 0">DeedWatch</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:22px;font-weight:900;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}${button}
<p style="margin:24px 0 0;font-size:13px;color:#4D4D4D">${t('mail.layout.questions', {
    phone: escapeHtml(brand.supportPhone),
    email: `<a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#910933">${escapeHtml(brand.supportEmail)}</a>`,
  })}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export function textLayout(brand: Brand, lines: string[], language: Language = 'en') {
  return [
    ...lines,
    '',
    translator(language)('mail.layout.questions', {
      phone: brand.supportPhone,
      email: brand.supportEmail,
    }),
    '',
    '-- DeedWatch',
  ].join('\n');
}

export function welcomeMail(
  brand: Brand,
  verifyUrl: string,
  language: Language = 'en',
): RenderedMail {
  const t = translator(language);
  const intro = t('mail.welcome.intro');
  const after = t('mail.welcome.after');
  const ignore = t('mail.welcome.ignore');
  return {
    subject: t('mail.welcome.subject'),
    tag: 'welcome',
    text: textLayout(
      brand,
      [intro, '', t('mail.welcome.verifyLink', { url: verifyUrl }), '', after, '', ignore],
      language,
    ),
    html: layout(
      brand,
      t('mail.welcome.heading'),
      [escapeHtml(intro), escapeHtml(after), escapeHtml(ignore)],
      { label: t('mail.welcome.button'), url: verifyUrl },
      language,
    ),
  };
}

export function magicLinkMail(
  brand: Brand,
  loginUrl: string,
  validMinutes: number,
  language: Language = 'en',
): RenderedMail {
  const t = translator(language);
  const intro = t('mail.magicLink.intro', { minutes: validMinutes });
  const ignore = t('mail.magicLink.ignore');
  return {
    subject: t('mail.magicLink.subject'),
    tag: 'login',
    text: textLayout(
      brand,
      [intro, '', t('mail.magicLink.signInLink', { url: loginUrl }), '', ignore],
      language,
    ),
    html: layout(
      brand,
      t('mail.magicLink.heading'),
      [escapeHtml(intro), escapeHtml(ignore)],
      { label: t('mail.magicLink.button'), url: loginUrl },
      language,
    ),
  };
}

export function verifyMethodMail(
  brand: Brand,
  email: string,
  verifyUrl: string,
  language: Language = 'en',
): RenderedMail {
  const t = translator(language);
  const intro = t('mail.verifyMethod.intro', { email });
  const ignore = t('mail.verifyMethod.ignore');
  return {
    subject: t('mail.verifyMethod.subject'),
    tag: 'verify',
    text: textLayout(
      brand,
      [intro, '', t('mail.verifyMethod.confirmLink', { url: verifyUrl }), '', ignore],
      language,
    ),
    html: layout(
      brand,
      t('mail.verifyMethod.heading'),
      [escapeHtml(intro), escapeHtml(ignore)],
      { label: t('mail.verifyMethod.button'), url: verifyUrl },
      language,
    ),
  };
}

/** The mail that tells a subscriber texts to one of their numbers cannot be delivered. */
export function smsUnreachableMail(
  brand: Brand,
  phone: string,
  reason: string,
  dashboardUrl: string,
  language: Language = 'en',
): RenderedMail {
  const t = translator(language);
  const intro = t('mail.smsUnreachable.intro', { phone, reason });
  const after = t('mail.smsUnreachable.after');
  return {
    subject: t('mail.smsUnreachable.subject'),
    tag: 'sms-unreachable',
    text: textLayout(
      brand,
      [intro, '', after, '', t('mail.smsUnreachable.dashboardLink', { url: dashboardUrl })],
      language,
    ),
    html: layout(
      brand,
      t('mail.smsUnreachable.heading'),
      [escapeHtml(intro), escapeHtml(after)],
      { label: t('mail.smsUnreachable.button'), url: dashboardUrl },
      language,
    ),
  };
}
