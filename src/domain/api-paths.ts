/**
 * API paths that both sides name. Kept free of zod: the browser's entry imports this, and a
 * schema module would bring zod into every page's first load.
 */

/** Where the browser and page renders read the current user (401 when signed out). */
export const CURRENT_USER_PATH = '/api/auth/user';
