export * from './county.ts';
export * from './email.ts';
export * from './fraud-response.ts';
export * from './guard.ts';
export * from './keys.ts';
export * from './language.ts';
export * from './pipes.ts';
export * from './phone.ts';
