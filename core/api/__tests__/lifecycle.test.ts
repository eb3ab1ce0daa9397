import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  allowedSentence,
  lifecycleCheck,
  lifecycleMermaid,
  LifecycleError,
  operationNotes,
  readLifecycles,
} from '../lifecycle';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (): Json =>
  yaml.load(fs.readFileSync(path.join(__dirname, 'fixtures/lifecycle.yaml'), 'utf8')) as Json;
/** The fixture with one change, and the problems the check finds in it. */
function problemsAfter(change: (spec: Json) => void): string[] {
  const spec = fixture();
  change(spec);
  return lifecycleCheck(spec).problems;
}
const thing = (spec: Json) => spec.definitions.Thing['x-lifecycle'];

describe('readLifecycles', () => {
  it('reads the fixture: states in enum order, initial state, transitions and rules', () => {
    const model = readLifecycles(fixture());
    const lifecycle = model.lifecycles.get('Thing')!;
    expect(lifecycle.states.map((state) => state.name)).toEqual(['Pending', 'Active', 'Failed']);
    expect(lifecycle.initial).toEqual(['Pending']);
    expect(lifecycle.transitions).toHaveLength(5);
    expect(lifecycle.transitions[4]).toMatchObject({ from: ['Active', 'Failed'], operation: 'deleteThing' });
    expect(model.lifecycles.get('ThingNode')).toBe(lifecycle);
  });

  it('reads OpenAPI 3 components.schemas the same as Swagger 2 definitions', () => {
    const spec = fixture();
    const { definitions, swagger: _swagger, ...rest } = spec;
    const openapi = { ...rest, openapi: '3.0.3', components: { schemas: definitions } };
    expect(lifecycleCheck(openapi).problems).toEqual([]);
    expect([...readLifecycles(openapi).lifecycles.keys()]).toEqual(['Thing', 'ThingNode']);
  });

  it('throws one LifecycleError listing every problem', () => {
    const spec = fixture();
    delete thing(spec).states.Active;
    thing(spec).initial = 'Gone';
    expect(() => readLifecycles(spec)).toThrow(LifecycleError);
    expect(() => readLifecycles(spec)).toThrow(
      /^the specification: x-lifecycle: 3 problem\(s\):[\s\S]*\n- Thing x-lifecycle: state "Active"[\s\S]*"Gone"/,
    );
  });
});

describe('lifecycle checks', () => {
  it('accepts the consistent fixture and the repository specification', () => {
    expect(lifecycleCheck(fixture()).problems).toEqual([]);
    const spec = yaml.load(fs.readFileSync('openapi/services-manager-v2.yaml', 'utf8'));
    expect(lifecycleCheck(spec).problems).toEqual([]);
  });

  it('fails on an enum value without a lifecycle entry', () => {
    expect(problemsAfter((spec) => spec.definitions.Thing.properties.status.enum.push('Paused'))).toEqual([
      'Thing x-lifecycle: state "Paused" of the status enum has no entry in "states" (give its meaning)',
      'ThingNode x-lifecycle: "sameAs: Thing" needs the same status enum ("Pending", "Active", "Failed" is not "Pending", "Active", "Failed", "Paused")',
    ]);
  });

  it('fails on a lifecycle state that is not in the enum, and on a state without its meaning', () => {
    expect(
      problemsAfter((spec) => {
        thing(spec).states.Paused = 'Held.';
        thing(spec).states.Active = '';
      }),
    ).toEqual([
      'Thing x-lifecycle: state "Active" needs a one-line meaning',
      'Thing x-lifecycle: state "Paused" in "states" is not in the status enum ("Pending", "Active", "Failed")',
    ]);
  });

  it('fails on an initial state that is not in the enum', () => {
    expect(problemsAfter((spec) => (thing(spec).initial = 'Draft'))).toEqual([
      'Thing x-lifecycle: initial state "Draft" is not in the status enum ("Pending", "Active", "Failed")',
      'Thing x-lifecycle: transition 1 (created → Pending) creates the model in "Pending", which is not an initial state ("Draft")',
    ]);
  });

  it('fails on a transition naming an unknown operation id or state', () => {
    expect(problemsAfter((spec) => (thing(spec).transitions[3].operation = 'retryThings'))).toEqual([
      'Thing x-lifecycle: transition 4 (Failed → Pending) names operation "retryThings", which is not an operation id of the specification',
    ]);
    expect(problemsAfter((spec) => (thing(spec).transitions[1].to = 'Ready'))).toEqual([
      'Thing x-lifecycle: transition 2 (Pending → Ready) names state "Ready", which is not in the status enum',
    ]);
  });

  it('fails on a transition with no cause or with two', () => {
    expect(problemsAfter((spec) => (thing(spec).transitions[1].operation = 'getThing'))).toEqual([
      'Thing x-lifecycle: transition 2 (Pending → Active) needs exactly one cause: an "operation" id or a platform "event"',
    ]);
  });

  it('fails on an operation rule naming an unknown operation or state', () => {
    expect(problemsAfter((spec) => (thing(spec).operations.renameThing = {}))).toEqual([
      'Thing x-lifecycle: operation rule "renameThing" names an operation that is not in the specification',
    ]);
    expect(problemsAfter((spec) => (thing(spec).operations.retryThing.states = ['Broken']))).toEqual([
      'Thing x-lifecycle: operation rule "retryThing" names state "Broken", which is not in the status enum ("Pending", "Active", "Failed")',
    ]);
  });

  it('fails on an operation documenting InvalidState without a rule', () => {
    expect(problemsAfter((spec) => delete thing(spec).operations.retryThing)).toEqual([
      'operation retryThing: documents 409 `InvalidState` but no x-lifecycle has a rule for it (states it is allowed in, or a condition)',
    ]);
    // Its own 409 response counts as documentation too.
    expect(problemsAfter((spec) => delete thing(spec).operations.lockThing)).toEqual([
      'operation lockThing: documents 409 `InvalidState` but no x-lifecycle has a rule for it (states it is allowed in, or a condition)',
    ]);
  });

  it('fails on a rule restricting states for an operation that documents no InvalidState', () => {
    // deleteThing's 409 is the shared Conflict response, which lists every code: it does not count.
    expect(problemsAfter((spec) => (thing(spec).operations.deleteThing = { states: ['Active'] }))).toEqual([
      'Thing x-lifecycle: operation rule "deleteThing" allows only "Active", but deleteThing documents no 409 `InvalidState` for the other states',
    ]);
    expect(
      problemsAfter((spec) => (thing(spec).operations.deleteThing = { condition: 'nobody uses it' })),
    ).toEqual([
      'Thing x-lifecycle: operation rule "deleteThing" has a condition, but deleteThing documents no 409 `InvalidState` when it fails',
    ]);
  });

  it('fails on a sameAs naming a schema without a lifecycle', () => {
    expect(problemsAfter((spec) => (spec.definitions.ThingNode['x-lifecycle'].sameAs = 'Node'))).toEqual([
      'ThingNode x-lifecycle: "sameAs" names "Node", which has no x-lifecycle of its own',
    ]);
  });

  it('fails on states or transitions on a schema without a status enum', () => {
    expect(
      problemsAfter((spec) => {
        spec.definitions.Other = {
          type: 'object',
          'x-lifecycle': { states: { On: 'On.' }, operations: { retryThing: { states: ['Failed'] } } },
        };
      }),
    ).toEqual([
      'Other x-lifecycle: has "states" but the schema has no status enum: a lifecycle states the status enum',
      'Other x-lifecycle: operation rule "retryThing" has "states" but the schema has no status enum',
    ]);
  });
});

describe('what the pages show', () => {
  const model = readLifecycles(fixture());

  it('says in which states an operation is allowed, or under which condition', () => {
    expect(allowedSentence(model, 'retryThing')).toBe(
      'Allowed when the thing is `Failed`; otherwise 409 `InvalidState`.',
    );
    expect(allowedSentence(model, 'lockThing')).toBe(
      'Allowed only when nobody else holds the lock; otherwise 409 `InvalidState`.',
    );
    expect(allowedSentence(model, 'deleteThing')).toBeUndefined();
    expect(Object.keys(operationNotes(model))).toEqual(['retryThing', 'lockThing']);
  });

  it('draws the lifecycle as a Mermaid state diagram, one arrow per pair of states', () => {
    expect(lifecycleMermaid(model.lifecycles.get('Thing')!)).toBe(
      [
        'stateDiagram-v2',
        '  accTitle: Thing lifecycle',
        '  accDescr: The states of the thing in the REST API v2 (Pending, Active, Failed) and what moves it between them',
        '  Pending',
        '  Active',
        '  Failed',
        '  [*] --> Pending: createThing',
        '  Pending --> Active: Thing.Create request completes',
        '  Pending --> Failed: Thing.Create request fails',
        '  Failed --> Pending: retryThing',
        '  Active --> [*]: deleteThing',
        '  Failed --> [*]: deleteThing',
      ].join('\n'),
    );
  });
});
