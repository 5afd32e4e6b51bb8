import * as v from 'valibot';

export const PublicCounty = v.object({
  name: v.pipe(v.string(), v.description('The county name every request uses to name it')),
  mask: v.pipe(v.string(), v.description('APN input mask: 0 a digit, a a letter, - kept as typed')),
  format: v.pipe(v.string(), v.description('An example APN in the county format')),
});
export type PublicCounty = v.InferOutput<typeof PublicCounty>;

export const NotificationOptions = v.object({
  methodTypes: v.pipe(
    v.array(v.picklist(['Email', 'SMS'])),
    v.description(
      "The notification method types a subscriber may add: 'SMS' only when this server sends texts",
    ),
  ),
  textsPerNumberPerDay: v.pipe(
    v.number(),
    v.description('At most this many alert texts go to one number a day; past it, email only'),
  ),
});
export type NotificationOptions = v.InferOutput<typeof NotificationOptions>;
