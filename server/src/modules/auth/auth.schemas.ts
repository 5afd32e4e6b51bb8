import { emailActions } from '@deedwatch/rules';
import * as v from 'valibot';

const Uuid = v.pipe(v.string(), v.uuid('must be a user id (a UUID)'));

/** Non-space characters, an @, then non-space characters. */
export const Email = v.pipe(
  v.string(),
  v.trim(),
  ...emailActions('Invalid email'),
  v.toLowerCase(),
);

export const LogoutResult = v.object({
  id: v.optional(
    v.pipe(Uuid, v.description('Present when an impersonation ended: the restored staff account')),
  ),
});

export const StaffLoginBody = v.strictObject({
  email: Email,
  password: v.pipe(v.string(), v.minLength(1, 'Password is required'), v.maxLength(1024)),
});

export const LoginQuery = v.strictObject({ email: Email });
export const LoginRequested = v.object({ message: v.string() });

// Any string up to a sane length: a malformed code is answered like a forged one (401), not 400.
export const CodeQuery = v.strictObject({ code: v.pipe(v.string(), v.maxLength(4096)) });

export const MethodVerified = v.pipe(
  v.object({
    verified: v.pipe(
      v.picklist(['Email', 'SMS']),
      v.description('The kind of method the link verified'),
    ),
  }),
  v.description(
    "A notification method other than the account's own email is verified: alerts go to it from now on. Nobody is signed in by its link.",
  ),
);

export const ImpersonateBody = v.strictObject({ userId: Uuid });
