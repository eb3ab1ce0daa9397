/**
 * Removes secrets from text meant for the log, in every form they could take in an error message or a
 * provider's echoed request: as is, URL-encoded, JSON-escaped, and base64 or base64url at any alignment
 * (inside a longer encoded string such as a Basic credential).
 */
function encodedForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  const bytes = Buffer.from(secret, 'utf8');
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Only the characters made from the secret's bits alone, whatever surrounds it.
    const stable = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    forms.add(stable);
    forms.add(stable.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((form) => form.length >= 6).sort((a, b) => b.length - a.length);
}

export type Redactor = {
  (text: string): string;
  /** For text cut off at its end: also drops a last fragment that could be the start of a secret. */
  cut(text: string): string;
  /**
   * For text that arrives in pieces (an answer): `push` returns what is safe to pass on, holding back
   * only an end that could be the start of a secret the next piece completes; `end` returns the rest.
   */
  stream(): { push(piece: string): string; end(): string };
};

export function redactor(secrets: (string | undefined)[]): Redactor {
  const forms = secrets.filter((secret): secret is string => !!secret).flatMap(encodedForms);
  const redact = (text: string) =>
    forms.reduce((result, form) => result.split(form).join('[redacted]'), text);
  /** The length of the longest end of `text` that is the start of a secret's form (at least `min`). */
  const partial = (text: string, min: number) => {
    let longest = 0;
    for (const form of forms)
      for (let length = Math.min(form.length - 1, text.length); length > Math.max(longest, min - 1); length--)
        if (text.endsWith(form.slice(0, length))) longest = length;
    return longest;
  };
  const cut = (text: string) => {
    const result = redact(text);
    const length = partial(result, 4);
    return length ? `${result.slice(0, -length)}[redacted]` : result;
  };
  return Object.assign(redact, {
    cut,
    stream() {
      let pending = '';
      return {
        push(piece: string) {
          const text = redact(pending + piece);
          const safe = text.length - partial(text, 1);
          pending = text.slice(safe);
          return text.slice(0, safe);
        },
        end: () => cut(pending),
      };
    },
  });
}

/** Text from elsewhere made one log line: line breaks and other control characters cannot forge lines. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
