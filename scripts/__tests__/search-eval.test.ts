import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHeldout, sectionKey } from '../search-eval';

describe('sectionKey', () => {
  it('names a section as the labels do: the page without a trailing slash, the anchor kept', () => {
    expect(sectionKey('/docs/#search')).toBe('/docs#search');
    expect(sectionKey('/docs/kb/kb00003#resolution')).toBe('/docs/kb/kb00003#resolution');
    // A page's opening section has no anchor.
    expect(sectionKey('/docs/kb/kb00003/')).toBe('/docs/kb/kb00003');
    expect(sectionKey('/docs/kb/kb00003')).not.toBe(sectionKey('/docs/kb/kb00003#symptoms'));
  });
});

describe('readHeldout', () => {
  it('reads the held-out file: a third for development, two thirds held out', () => {
    const questions = readHeldout();
    expect(questions.length).toBeGreaterThanOrEqual(300);
    expect(questions.filter((entry) => entry.set === 'dev').length).toBe(questions.length / 3);
  });

  it('stops on a malformed entry with its number, never its text', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heldout-')), 'questions.json');
    const entry = {
      question: 'What port does RabbitMQ use?',
      kind: 'value',
      section: ['/docs/x'],
      facts: ['5671'],
    };
    fs.writeFileSync(
      file,
      JSON.stringify({
        questions: [
          { ...entry, set: 'dev' },
          { ...entry, set: 'test' },
        ],
      }),
    );
    expect(() => readHeldout(file)).toThrow(/question 2 needs/);
    expect(() => readHeldout(file)).not.toThrow(/RabbitMQ/);
    fs.writeFileSync(file, JSON.stringify({ questions: [{ ...entry, set: 'held-out', facts: [] }] }));
    expect(() => readHeldout(file)).toThrow(/question 1 needs/);
    fs.writeFileSync(
      file,
      JSON.stringify({ questions: [{ ...entry, set: 'held-out', kind: 'keyword', facts: [] }] }),
    );
    expect(readHeldout(file)).toHaveLength(1);
  });
});
