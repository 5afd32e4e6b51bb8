/**
 * A translation has exactly the keys of the English catalog, each a string: TypeScript refuses a
 * catalog that misses a key or adds one (`npm run typecheck`), and `npm run check:catalogs` finds
 * keys no code uses.
 */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
