/**
 * The ids (file names and last URL segments) of the generated reference pages. The operation pages'
 * URLs were set by the former generator (lodash `kebabCase`), so these split words the same way:
 * `listCustomers` → `list-customers`, `getOAuth2Token` → `get-o-auth-2-token`, `Request log` →
 * `request-log`.
 */

/**
 * The words of a name, as lodash `words` finds them: runs of lower-case letters after at most one
 * capital, runs of capitals (the last one starts the next word when a lower-case letter follows), ordinals
 * (`1st`, `2ND`) and runs of digits; anything else separates words.
 */
const WORD = new RegExp(
  [
    '\\p{Lu}?\\p{Ll}+(?=[^\\p{L}\\p{N}]|\\p{Lu}|$)',
    '\\p{Lu}+(?=[^\\p{L}\\p{N}]|\\p{Lu}\\p{Ll}|$)',
    '\\p{Lu}?\\p{Ll}+',
    '\\p{Lu}+',
    '\\d*(?:1ST|2ND|3RD|(?![123])\\dTH)(?=\\b|[a-z_])',
    '\\d*(?:1st|2nd|3rd|(?![123])\\dth)(?=\\b|[A-Z_])',
    '\\d+',
  ].join('|'),
  'gu',
);

/** A name in kebab case, lower-case words joined by hyphens; apostrophes and accents dropped. */
export function kebabCase(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '');
  return (plain.match(WORD) ?? []).map((word) => word.toLowerCase()).join('-');
}

/**
 * The id of an operation's reference page (its file `<id>.api.mdx` and the last segment of its URL):
 * `listCustomers` → `list-customers`. The reference generator names the pages with it and the guides'
 * operation mentions link with it.
 */
export function operationPageId(operationId: string): string {
  return kebabCase(operationId);
}

/** The id of a tag's page, the landing page of its sidebar category: `Request log` → `request-log`. */
export const tagPageId = (tag: string) => kebabCase(tag);

/** The id of the specification's overview page, from its title: `services-manager-rest-api`. */
export const infoPageId = (title: string) => kebabCase(title.toLowerCase());
