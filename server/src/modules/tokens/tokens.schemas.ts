import * as v from 'valibot';

export const MAX_TOKEN_NAME_LENGTH = 100;
/** Tokens an account may hold at once (revoked and expired ones do not count). */
export const MAX_ACTIVE_TOKENS = 20;
export const MAX_EXPIRY_DAYS = 366;
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Free text a person types: bounded, and no control characters (line breaks, NUL, escapes). */
export const label = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.maxLength(max, `must be at most ${max} characters`),
    v.regex(/^[^\p{Cc}]*$/u, `must not contain control characters such as line breaks`),
    v.trim(),
    v.description(what),
  );

export const TokenScopes = v.pipe(
  v.array(v.picklist(TOKEN_SCOPES, 'must be read or write')),
  v.minLength(1, 'must name at least one scope: read, write or both'),
  v.maxLength(2, 'must name read, write or both, each once'),
  v.check((scopes) => new Set(scopes).size === scopes.length, 'must name each scope once'),
  v.description(
    'read: every GET of your account and POST /api/auth/me; write: every call that changes something (guarding items, archiving alerts, webhook endpoints). A call needing a scope the token lacks answers 403.',
  ),
);

export const CreateTokenBody = v.pipe(
  v.strictObject({
    name: v.pipe(
      label(MAX_TOKEN_NAME_LENGTH, 'What the token is for, so you know which to revoke'),
      v.minLength(1, 'must not be empty'),
    ),
    scopes: TokenScopes,
    expiresInDays: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be a whole number of days'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(MAX_EXPIRY_DAYS, `must be at most ${MAX_EXPIRY_DAYS}`),
        v.description(
          'Days until the token stops working; leave it out for a token that never expires',
        ),
      ),
    ),
  }),
  v.examples([{ name: 'Title system nightly sync', scopes: ['read'], expiresInDays: 90 }]),
);
export type CreateTokenBody = v.InferOutput<typeof CreateTokenBody>;

export const TokenParams = v.strictObject({
  id: v.pipe(v.string(), v.uuid('must be the id of one of your tokens (a UUID)')),
});

const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const Token = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.string(),
  hint: v.pipe(v.string(), v.description('The first characters of the token, to tell it apart')),
  scopes: v.array(v.picklist(TOKEN_SCOPES)),
  createdAt: Timestamp,
  expiresAt: v.pipe(v.nullable(Timestamp), v.description('null: never expires')),
  lastUsedAt: v.pipe(v.nullable(Timestamp), v.description('null: never used')),
  lastUsedIp: v.pipe(v.nullable(v.string()), v.description('The address of its last use')),
  revokedAt: v.nullable(Timestamp),
  status: v.pipe(
    v.picklist(['active', 'expired', 'revoked']),
    v.description('Only an active token authenticates'),
  ),
});
export type Token = v.InferOutput<typeof Token>;

const EXAMPLE_TOKEN: Token = {
  id: '5b0e8a52-2f5c-4c39-9d43-0d3f1c6a7e11',
  name: 'Title system nightly sync',
  hint: 'dw_pat_Q2hh…',
  scopes: ['read'],
  createdAt: '2026-11-25T16:02:11.000Z',
  expiresAt: '2027-02-23T16:02:11.000Z',
  lastUsedAt: '2026-11-26T03:00:04.000Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
  status: 'active',
};

export const TokenList = v.pipe(
  v.object({
    tokens: v.pipe(v.array(Token), v.description('Newest first, at most 100')),
  }),
  v.examples([{ tokens: [EXAMPLE_TOKEN] }]),
);

export const RevokedToken = v.pipe(
  Token,
  v.examples([
    { ...EXAMPLE_TOKEN, revokedAt: '2026-11-27T09:30:00.000Z', status: 'revoked' as const },
  ]),
);

export const CreatedToken = v.pipe(
  v.object({
    token: Token,
    secret: v.pipe(
      v.string(),
      v.description(
        'The token itself, 58 characters, shown this once: send it as `Authorization: Bearer <secret>`. Only its SHA-256 is kept.',
      ),
    ),
  }),
  v.examples([
    {
      token: { ...EXAMPLE_TOKEN, lastUsedAt: null, lastUsedIp: null },
      secret: 'dw_pat_… (58 characters, shown once)',
    },
  ]),
);
