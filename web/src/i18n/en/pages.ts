/** The public pages: home, FAQ, support, terms, privacy. */
export const pages = {};
