import type { paths } from '../../api/schema.gen';

type JsonOk<R> = R extends { 200: { content: { 'application/json': infer T } } } ? T : never;

/** One case as staff see it: its statement, what matched, its notes and history. */
export type StaffCase = JsonOk<paths['/api/admin/cases/{id}']['get']['responses']>;
