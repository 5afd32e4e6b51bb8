/**
 * Text messages (SMS): alerts, verification codes, replies to HELP. A text in plain GSM-7
 * letters fits 160 characters a segment; one accented letter (as Spanish has) makes the whole
 * text UCS-2, at 70 a segment, so the Spanish texts are kept as short as they can be.
 */
export const sms = {
  levels: {
    actNow: 'Act now',
    check: 'Check',
  },
  verify:
    'DeedWatch: confirm this number for fraud alerts (link valid {{minutes}} minutes): {{url}}',
  alert:
    'DeedWatch {{level}}: {{type}} recorded in {{county}} County, document {{number}}. Details: {{url}} Reply STOP to stop texts.',
  help: 'DeedWatch property-fraud alerts. Help: {{phone}} (Mon-Fri 8AM-5PM PST) or {{email}}. Reply STOP to stop texts, START to resume.',
  /** Why an alert was not texted, shown with the alert's deliveries on the dashboard. */
  notTexted: {
    numberLimit:
      'Not texted: this number had its {{limit}} alert texts for today (UTC); the alert went by email only.',
    dailyLimit:
      'Not texted: DeedWatch sent its {{limit}} alert texts for today (UTC); the alert went by email only.',
    optedOut: 'Not texted: this number replied STOP; the alert went by email only.',
  },
};
