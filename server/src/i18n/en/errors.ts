/** API error messages a subscriber can meet, translated when the request asks for Spanish. */
export const errors = {};
