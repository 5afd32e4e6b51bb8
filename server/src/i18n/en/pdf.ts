/** The PDFs the product makes: the cover of an alert excerpt, a case packet. */
export const pdf = {};
