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

export function welcomeMail(brand: Brand, verifyUrl: string): RenderedMail {
  const intro =
    'Thank you for registering for DeedWatch, the free property-fraud alert service. Please verify your email address to activate the protection of the names and properties you chose.';
  const after =
    'Once verified, we email you whenever the county recorder records a document that affects one of them, with the first 2 pages of the document attached.';
  return {
    subject: 'Welcome to DeedWatch: please verify your email',
    tag: 'welcome',
    text: textLayout(brand, [
      intro,
      '',
      `Verify your email: ${verifyUrl}`,
      '',
      after,
      '',
      'If you did not sign up, ignore this email.',
    ]),
    html: layout(
      brand,
      'Welcome to DeedWatch',
      [escapeHtml(intro), escapeHtml(after), 'If you did not sign up, ignore this email.'],
      { label: 'Verify my email', url: verifyUrl },
    ),
  };
}

export function magicLinkMail(brand: Brand, loginUrl: string, validMinutes: number): RenderedMail {
  const intro = `Use this link to sign in to DeedWatch. It works once and expires in ${validMinutes} minutes.`;
  return {
    subject: 'Your DeedWatch sign-in link',
    tag: 'login',
    text: textLayout(brand, [
      intro,
      '',
      `Sign in: ${loginUrl}`,
      '',
      'If you did not ask to sign in, ignore this email.',
    ]),
    html: layout(
      brand,
      'Sign in to DeedWatch',
      [escapeHtml(intro), 'If you did not ask to sign in, ignore this email.'],
      {
        label: 'Sign in',
        url: loginUrl,
      },
    ),
  };
}

export function verifyMethodMail(brand: Brand, email: string, verifyUrl: string): RenderedMail {
  const intro = `Confirm that ${email} should receive DeedWatch alerts. Alerts go only to verified addresses.`;
  return {
    subject: 'Confirm your DeedWatch alert email',
    tag: 'verify',
    text: textLayout(brand, [
      intro,
      '',
      `Confirm: ${verifyUrl}`,
      '',
      'If you did not ask for this, ignore this email.',
    ]),
    html: layout(
      brand,
      'Confirm your alert email',
      [escapeHtml(intro), 'If you did not ask for this, ignore this email.'],
      {
        label: 'Confirm this email',
        url: verifyUrl,
      },
    ),
  };
}

/** The mail that tells a subscriber texts to one of their numbers cannot be delivered. */
export function smsUnreachableMail(
  brand: Brand,
  phone: string,
  reason: string,
  dashboardUrl: string,
): RenderedMail {
  const intro = `We could not deliver DeedWatch text alerts to ${phone}. ${reason}`;
  const after =
    'We will not text this number again, and your alerts keep coming by email. To receive texts, remove the number on your dashboard and add one that can take texts.';
  return {
    subject: 'DeedWatch cannot text your phone',
    tag: 'sms-unreachable',
    text: textLayout(brand, [intro, '', after, '', `Your dashboard: ${dashboardUrl}`]),
    html: layout(brand, 'We cannot text your phone', [escapeHtml(intro), escapeHtml(after)], {
      label: 'Open my dashboard',
      url: dashboardUrl,
    }),
  };
}
