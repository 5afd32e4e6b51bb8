import type { paths } from './schema.gen';

type JsonBody<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The signed-in user as POST /api/auth/me returns it. */
export type SessionUser = JsonBody<paths['/api/auth/me']['post']['responses'][200]>;
export type Role = SessionUser['role'];

/**
 * What a verification link of a method other than the account's own email answers when this
 * browser is not signed in to that account: the method it verified. It signs nobody in.
 */
export type MethodVerified = Exclude<
  JsonBody<paths['/api/auth/verify-email']['post']['responses'][200]>,
  SessionUser
>;

/** An enabled county as GET /api/config gives it: its name, APN mask and an example APN. */
export type County = JsonBody<paths['/api/config']['get']['responses'][200]>[number];
