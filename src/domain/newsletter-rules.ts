// The browser-side email check (spec section 5), kept apart from the zod contracts.

/** The client-side rule of spec section 5: non-empty and contains an at sign. */
export function looksLikeEmail(email: string): boolean {
  return email.trim() !== '' && email.includes('@');
}
