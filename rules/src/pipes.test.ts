import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstIssueOnly } from './index.ts';

describe('firstIssueOnly', () => {
  it('stops each pipe at its first failed action, wherever the schema is parsed', () => {
    let patternRuns = 0;
    const Field = v.pipe(
      v.string(),
      v.maxLength(3, 'too long'),
      v.check(() => {
        patternRuns++;
        return false;
      }, 'pattern'),
    );
    const Form = v.object({ a: Field, b: Field });

    expect(v.safeParse(Form, { a: 'xxxx', b: 'xxxx' }).issues).toHaveLength(4);
    expect(patternRuns).toBe(2);

    patternRuns = 0;
    const once = firstIssueOnly(Form);
    const viaParse = v.safeParse(once, { a: 'xxxx', b: 'xxxx' }).issues ?? [];
    const viaStandard = once['~standard'].validate({ a: 'xxxx', b: 'xxxx' });
    expect(viaParse.map((i) => i.message)).toEqual(['too long', 'too long']);
    expect('issues' in viaStandard && viaStandard.issues?.map((i) => i.message)).toEqual([
      'too long',
      'too long',
    ]);
    expect(patternRuns).toBe(0);
  });
});
