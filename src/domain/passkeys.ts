import { z } from 'zod';

/**
 * Passkeys (WebAuthn) of an account: the contracts of `/api/auth/passkey*` (decision 0071). The
 * ceremonies' JSON is what `@simplewebauthn/browser` sends: binary fields in base64url.
 */

export const PASSKEY_NAME_MAX = 60;

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Name your passkey, for example "Work laptop".')
  .max(PASSKEY_NAME_MAX, `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters.`);

/** base64url text, as WebAuthn's JSON forms carry bytes; `max` bounds the text, not the bytes. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url text.');

// A credential id is at most 1,023 bytes (WebAuthn level 3): 1,364 base64url characters.
const credentialId = base64url(1400);

const credentialBase = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** `navigator.credentials.create()`'s answer, as JSON. */
export const RegistrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8_000),
    attestationObject: base64url(64_000),
    authenticatorData: base64url(16_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(16_000).optional(),
  }),
});

/** `navigator.credentials.get()`'s answer, as JSON. */
export const AuthenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8_000),
    authenticatorData: base64url(16_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
});

export const AddPasskeyPayloadSchema = z.object({
  name: PasskeyNameSchema,
  response: RegistrationCredentialSchema,
});

export const PasskeySignInPayloadSchema = z.object({ response: AuthenticationCredentialSchema });

/** Removing a passkey: the password is needed unless the sign-in was within the last 10 minutes. */
export const RemovePasskeyPayloadSchema = z.object({
  id: z.string().min(1).max(200),
  password: z.string().max(128).optional(),
});
export type RemovePasskeyPayload = z.infer<typeof RemovePasskeyPayloadSchema>;

/** One of the signed-in user's passkeys, as the profile lists it. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the owner's devices (a password manager's or the platform's passkey). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** The code of the 403 a sensitive action answers without the password or a recent sign-in. */
export const FRESH_SIGN_IN_REQUIRED = 'fresh_sign_in_required';
