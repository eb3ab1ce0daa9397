/**
 * The part of postman-collection's API the tests use. The package ships no types its manifest names
 * (its own declarations lack `forEachItem` and the list methods), so the tests declare what they call.
 */
declare module 'postman-collection' {
  interface PropertyList<T> {
    all(): T[];
    find(predicate: (member: T) => boolean): T | undefined;
    get(key: string): unknown;
    has(key: string): boolean;
  }
  interface KeyValue {
    key: string;
    value: string;
  }
  interface Url {
    getPath(unresolved?: boolean): string;
    getHost(): string;
    variables: PropertyList<KeyValue>;
  }
  interface Request {
    method: string;
    url: Url;
    headers: PropertyList<KeyValue>;
    body?: { raw?: string; urlencoded: PropertyList<KeyValue> };
    auth?: { type: string };
  }
  interface Event {
    listen: string;
    script: { exec?: string[] };
  }
  export interface Item {
    id: string;
    name: string;
    request: Request;
    events: PropertyList<Event>;
  }
  export class Collection {
    constructor(definition: object);
    variables: PropertyList<KeyValue>;
    forEachItem(callback: (item: Item) => void): void;
  }
}
