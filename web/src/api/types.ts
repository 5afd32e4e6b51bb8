import type { paths } from './schema.gen';

type JsonBody<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The signed-in user as POST /api/auth/me returns it. */
export type SessionUser = JsonBody<paths['/api/auth/me']['post']['responses'][200]>;
export type Role = SessionUser['role'];

/** An enabled county as GET /api/config gives it: its name, APN mask and an example APN. */
export type County = JsonBody<paths['/api/config']['get']['responses'][200]>[number];
