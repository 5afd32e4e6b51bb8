/** Signing in, verifying an email or phone, sign-in links, trusted-contact answers, document links. */
export const auth = {};
