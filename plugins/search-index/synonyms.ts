import { tokenize } from '@services-manager-docs/core/search/text';

/** Words that open a description rather than name the term ("A scheduled task…"). */
const ARTICLES = /^(a|an|the)$/i;

/** The phrase of `text` whose words' initials spell `acronym` (hyphenated parts count as words). */
function expansionOf(acronym: string, text: string): string | undefined {
  const letters = acronym.toLowerCase();
  const words = text.split(/\s+/);
  for (let start = 0; start < words.length; start++) {
    let initials = '';
    for (let end = start; end < words.length && initials.length < letters.length; end++) {
      initials += words[end]
        .split('-')
        .map((part) => part.replace(/^[^\p{L}]+/u, '')[0]?.toLowerCase() ?? '')
        .join('');
      if (initials === letters) return words.slice(start, end + 1).join(' ');
      if (!letters.startsWith(initials)) break;
    }
  }
  return undefined;
}

/**
 * Groups of names for the same thing, read from the glossary's entries (each term with the first
 * paragraph of its definition, see ./sections.ts): an abbreviation and the words its letters stand for
 * ("MFA" and "Multi-factor authentication"), a name the definition opens with before a colon ("Active
 * Directory Federation Services:"), and names it gives with "formerly", "former name of", "short for",
 * "also called" or "also known as". Each name is returned as lowercase words joined by single spaces.
 */
export function glossarySynonyms(entries: { term: string; definition: string }[]): string[][] {
  const groups: string[][] = [];
  for (const { term, definition } of entries) {
    if (!term || !definition) continue;
    const names = new Set<string>([term]);
    const opening = /^([^:.;]{2,80}):\s/.exec(definition)?.[1];
    const firstClause = (opening ?? definition.split(/[,.;:(]/)[0]).replace(/\s*\(.*$/, '');
    if (/^[A-Z][A-Za-z]*[A-Z]$/.test(term)) {
      const expansion = expansionOf(term, firstClause);
      if (expansion) names.add(expansion);
    }
    if (opening) {
      const name = opening.split(/,|\(/)[0].trim();
      const words = name.split(/\s+/);
      // Only a name, not a description: at most five words, the first not an article, longer words capitalised.
      if (
        words.length <= 5 &&
        !ARTICLES.test(words[0]) &&
        words.every((word) => word.length < 4 || /^[A-Z]/.test(word))
      )
        names.add(name);
    }
    for (const match of definition.matchAll(
      /\b(?:formerly|former name of|short for|also called|also known as)\s+([^.,:;()]+)/gi,
    ))
      for (const name of match[1].split(/\s+or\s+/)) names.add(name.replace(/^(the|a|an)\s+/i, '').trim());
    const normalized = [...new Set([...names].map((name) => tokenize(name).join(' ')).filter(Boolean))];
    if (normalized.length < 2) continue;
    // Entries that share a name ("Entra ID" formerly "Azure AD", "Azure AD" the former name of "Entra ID") are one group.
    const joined = groups.filter((group) => group.some((name) => normalized.includes(name)));
    const merged = [...new Set([...joined.flat(), ...normalized])];
    groups.splice(0, groups.length, ...groups.filter((group) => !joined.includes(group)), merged);
  }
  return groups;
}

/**
 * The other names of every synonym group the text mentions, as one string of words for the index, so a
 * section that says "MFA" is found by "two-factor" and one that says "Microsoft Online" by "MSOL".
 */
export function aliasesFor(text: string, groups: string[][]): string {
  const words = ` ${tokenize(text).join(' ')} `;
  const aliases: string[] = [];
  for (const group of groups) {
    const present = group.filter((name) => words.includes(` ${name} `));
    if (present.length) aliases.push(...group.filter((name) => !present.includes(name)));
  }
  return aliases.join(' ');
}

/**
 * The title as readers may also write it: each glossary name it contains replaced by each other name of
 * the same thing ("set up mfa" for "Set up multi-factor authentication", "msol" for "Microsoft Online").
 */
export function titleNamesFor(title: string, groups: string[][]): string[] {
  const name = tokenize(title).join(' ');
  const padded = ` ${name} `;
  return groups.flatMap((group) => {
    const present = group.find((member) => padded.includes(` ${member} `));
    return present
      ? group
          .filter((other) => other !== present)
          .map((other) => padded.replace(` ${present} `, ` ${other} `).trim())
      : [];
  });
}
