import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';
import englishSequences from '@zxcvbn-ts/language-en/src/wordSequences.json';

/**
 * The estimator's scores run 0 to 4; 3 means "safely unguessable" against an offline attack on a
 * slow hash, which is what a leaked database of our scrypt hashes would face.
 */
const PASSWORD_MIN_SCORE = 3;

/** Who the password is for: their own details are the first words an attacker tries. */
export interface PasswordOwner {
  email?: string | null;
  username?: string | null;
  firstName?: string | null;
}

export interface PasswordStrength {
  strong: boolean;
  /** The estimator's advice in English: its warning first, then its suggestions. */
  advice: string[];
}

export const WEAK_PASSWORD_MESSAGE = 'This password is too easy to guess.';
const FALLBACK_ADVICE = 'Add another word or two. Uncommon words are better.';
const SITE_WORDS = ['prop firm club', 'propfirmclub', 'prop', 'firm', 'club', 'trader', 'trading'];

let estimator: ZxcvbnFactory | undefined;
const estimatorOf = () => {
  estimator ??= new ZxcvbnFactory({
    // The common-password list and the English word sequences (months, seasons, numbers...) only:
    // the English word and name lists would add about 600 KB gzip to every password form.
    dictionary: { ...commonDictionary, ...englishSequences },
    graphs: adjacencyGraphs,
    translations,
    // The estimate runs on the server's event loop for every sign-up, reset and change. With the
    // defaults (256 characters, 100 l33t substitutions) a crafted 128-character password takes
    // seconds; the first 64 characters and fewer l33t readings keep the worst case near one
    // password hash. A password whose first 64 characters are weak is refused, whatever follows.
    maxLength: 64,
    l33tMaxSubstitutions: 16,
  });
  return estimator;
};

/** The owner's details as the estimator's user inputs, the email split at its punctuation too. */
function userInputsOf(owner: PasswordOwner): string[] {
  const inputs = [...SITE_WORDS];
  const email = owner.email?.trim().toLowerCase();
  if (email) {
    const local = email.split('@')[0];
    const parts = local.split(/[^a-z0-9]+/).filter((part) => part.length >= 3);
    inputs.push(email, local, parts.join(''), ...parts);
  }
  for (const value of [owner.username, owner.firstName]) {
    const trimmed = value?.trim();
    if (trimmed) inputs.push(trimmed);
  }
  return inputs;
}

/**
 * Whether a new password is hard enough to guess, with the estimator's advice. The browser shows
 * the advice as the user types; the server refuses a weak password with the same verdict.
 */
export function checkPasswordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  const { score, feedback } = estimatorOf().check(password, userInputsOf(owner));
  const advice = [feedback.warning, ...feedback.suggestions].filter((text): text is string => !!text);
  const strong = score >= PASSWORD_MIN_SCORE;
  return { strong, advice: strong || advice.length ? advice : [FALLBACK_ADVICE] };
}

/** What a refused password is told: why, then how to do better. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  return [WEAK_PASSWORD_MESSAGE, ...strength.advice].join(' ');
}
