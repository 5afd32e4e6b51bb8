/** Why an alert matched and what its level means, as the dashboard and the alerts say it. */
export const reasons = {};
