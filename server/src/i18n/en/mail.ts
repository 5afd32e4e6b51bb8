/** What every email shares: the frame around its message. */
export const mail = {
  layout: {
    buttonFallback: 'If the button does not work, paste this link into your browser:',
    questions: 'Questions? Call {{phone}} (Monday to Friday 8AM-5PM PST) or write to {{email}}.',
  },
};
