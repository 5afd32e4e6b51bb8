/** API access on the dashboard: tokens, webhooks and their deliveries. */
export const apiAccess = {};
