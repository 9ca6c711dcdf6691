/**
 * Lower-case words joined by single hyphens, accents dropped, at most `maxLength` characters:
 * 'Best Futures Firms (2025)!' -> 'best-futures-firms-2025'. Used for every slug the site makes.
 */
export function slugify(text: string, maxLength = 90): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
