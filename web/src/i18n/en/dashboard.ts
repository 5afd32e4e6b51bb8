/** A subscriber's dashboard: alerts, guarded items, notification methods, trusted contacts, reports. */
export const dashboard = {};
