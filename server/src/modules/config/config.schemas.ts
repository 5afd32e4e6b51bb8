import * as v from 'valibot';

export const PublicCounty = v.object({
  name: v.pipe(v.string(), v.description('The county name every request uses to name it')),
  mask: v.pipe(v.string(), v.description('APN input mask: 0 a digit, a a letter, - kept as typed')),
  format: v.pipe(v.string(), v.description('An example APN in the county format')),
});
export type PublicCounty = v.InferOutput<typeof PublicCounty>;
