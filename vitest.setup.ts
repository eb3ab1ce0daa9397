/**
 * Test files share their worker's modules (`isolate: false` in vitest.config.ts), so each file must leave
 * the process as it found it: what `vi` stubs is undone after every test, and a file that changes the
 * working directory or the environment in any other way, or leaves fake timers on, fails.
 */
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

let cwd = '';
let env: Record<string, string | undefined> = {};

beforeAll(() => {
  cwd = process.cwd();
  env = { ...process.env };
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

afterAll(() => {
  expect(process.cwd(), 'the working directory a test file changed').toBe(cwd);
  expect({ ...process.env }, 'environment variables a test file changed').toEqual(env);
  expect(vi.isFakeTimers(), 'fake timers a test file left on').toBe(false);
});
