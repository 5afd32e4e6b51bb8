/** Text messages (SMS): alerts, verification codes, replies to STOP and HELP. */
export const sms = {};
