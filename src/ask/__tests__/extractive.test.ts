import { describe, expect, it } from 'vitest';
import { answerFromSources, NO_ANSWER, sentences } from '../extractive';

const sources = [
  {
    url: '/docs/installation/rabbitmq-ssl#ports',
    title: 'RabbitMQ with TLS',
    hierarchy: ['Installation', 'RabbitMQ with TLS', 'Ports'],
    text: 'RabbitMQ accepts AMQPS connections on port 5671 once TLS is configured. The management UI stays on port 15672. Close port 5672 on the firewall after every client uses TLS.',
  },
  {
    url: '/docs/concepts/platformfeatures/jobs',
    title: 'Scheduled jobs',
    hierarchy: ['Platform features', 'Scheduled jobs'],
    text: 'The BillingRun job runs at 03:00 on the first day of every month. It produces invoices for the previous month.',
  },
];

describe('sentences', () => {
  it('splits at sentence ends and drops fragments', () => {
    expect(sentences('First sentence is here now. Second one is also here. Ok.')).toEqual([
      'First sentence is here now.',
      'Second one is also here.',
    ]);
  });
});

describe('answerFromSources', () => {
  it('answers from the matching sentences and cites their source by number', () => {
    const answer = answerFromSources('Which port does RabbitMQ use for TLS?', sources);
    expect(answer.answered).toBe(true);
    expect(answer.markdown).toContain('port 5671');
    expect(answer.markdown).toMatch(/\[1\]/);
    expect(answer.markdown).not.toMatch(/\[2\]/);
    expect(answer.sources.map((source) => source.n)).toEqual([1, 2]);
  });

  it('uses only sentences that exist in the sources', () => {
    const answer = answerFromSources('When does the billing run job run?', sources);
    const sentencesInAnswer = answer.markdown.split(/ \[\d+\]\s*/).filter(Boolean);
    const allText = sources.map((source) => source.text).join(' ');
    for (const sentence of sentencesInAnswer) expect(allText).toContain(sentence);
    expect(answer.markdown).toContain('[2]');
  });

  it('says plainly when the documentation has no answer', () => {
    expect(answerFromSources('How do I bake sourdough bread?', sources)).toMatchObject({
      answered: false,
      markdown: NO_ANSWER,
    });
    expect(answerFromSources('the of and', sources).answered).toBe(false);
    expect(answerFromSources('RabbitMQ', []).answered).toBe(false);
  });
});
