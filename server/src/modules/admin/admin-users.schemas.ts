import * as v from 'valibot';

/** The page sizes the Users tab offers. */
export const PAGE_SIZES = ['10', '20', '50', '100'] as const;
/** Deeper pages cost a walk over every row before them; 100,000 pages of 10 is 1M users. */
export const MAX_PAGE = 100_000;
/** Longer than any email address can be. */
export const MAX_SEARCH_LENGTH = 320;

export const SORT_FIELDS = ['email', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export type Sort = { field: SortField; direction: SortDirection };

const PAGE_MESSAGE = `must be a whole number from 1 to ${MAX_PAGE}`;
const SORT_MESSAGE =
  "must be 'email' or 'createdAt', a colon, then 'asc' or 'desc' (createdAt:desc)";
const SORT_TERMS = SORT_FIELDS.flatMap((field) => [`${field}:asc`, `${field}:desc`] as const);

// Query values arrive as strings (no coercion): each is checked as written, then converted.
export const UsersQuery = v.strictObject({
  page: v.optional(
    v.pipe(
      v.string(),
      v.description(`The page, from 1 (default 1, at most ${MAX_PAGE})`),
      v.maxLength(7, PAGE_MESSAGE),
      v.regex(/^\d{1,7}$/, PAGE_MESSAGE),
      v.transform(Number),
      v.minValue(1, PAGE_MESSAGE),
      v.maxValue(MAX_PAGE, PAGE_MESSAGE),
    ),
    '1',
  ),
  count: v.optional(
    v.pipe(
      v.picklist(PAGE_SIZES, 'must be 10, 20, 50 or 100'),
      v.description('Users per page: 10, 20, 50 or 100 (default 10)'),
      v.transform(Number),
    ),
    '10',
  ),
  sortTerm: v.optional(
    v.pipe(
      v.picklist(SORT_TERMS, SORT_MESSAGE),
      v.description(
        '`<field>:<direction>`: field email or createdAt, direction asc or desc (default createdAt:desc). Ties are broken by user id, in the same direction.',
      ),
      v.transform((term): Sort => {
        const [field, direction] = term.split(':') as [SortField, SortDirection];
        return { field, direction };
      }),
    ),
    'createdAt:desc',
  ),
  searchTerm: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Part of the email, in any letter case; %, _ and \\ are matched literally. 3 characters or more match anywhere in the address; 1 or 2 characters match its start. Empty or blank: everyone.',
      ),
      v.maxLength(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`),
      v.trim(),
    ),
    '',
  ),
});
export type UsersQuery = v.InferOutput<typeof UsersQuery>;

const Timestamp = v.pipe(v.string(), v.isoTimestamp());
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const AdminUserRow = v.object({
  userId: v.pipe(v.string(), v.uuid()),
  userEmail: v.string(),
  role: v.pipe(
    v.picklist(['subscriber', 'customersupport']),
    v.description('Admins are never listed; customersupport rows only to admins'),
  ),
  createdAt: Timestamp,
  lastLogin: v.pipe(v.nullable(Timestamp), v.description('The last sign-in; null if never')),
  verified: v.pipe(v.boolean(), v.description('Whether the account email is verified')),
  guardedSubscriptions: v.pipe(Count, v.description('Guarded items: APNs plus names')),
  emailNotificationMethods: v.pipe(
    Count,
    v.description(
      "How many notification methods the user has (the account's own email among them), as the session user's emailNotificationMethods lists them",
    ),
  ),
});
export type AdminUserRow = v.InferOutput<typeof AdminUserRow>;

export const AdminUsersPage = v.object({
  users: v.array(AdminUserRow),
  totalUsers: v.pipe(Count, v.description('How many users match, among those the caller may see')),
});
export type AdminUsersPage = v.InferOutput<typeof AdminUsersPage>;

export const ResendWelcomeBody = v.strictObject({
  userId: v.pipe(v.string(), v.uuid('must be a user id (a UUID)')),
});

export const ResendWelcomeResult = v.object({
  message: v.pipe(v.string(), v.description('For the success banner')),
});
