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

export function redactor(secrets: (string | undefined)[]): (text: string) => string {
  const forms = secrets.filter((secret): secret is string => !!secret).flatMap(encodedForms);
  return (text) => forms.reduce((result, form) => result.split(form).join('[redacted]'), text);
}
