import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Components compile as the site compiles them: with React's automatic JSX runtime.
  esbuild: { jsx: 'automatic' },
  test: {
    include: [
      'core/**/__tests__/**/*.test.ts',
      'plugins/**/__tests__/**/*.test.ts',
      'src/**/__tests__/**/*.test.ts',
      'scripts/**/__tests__/**/*.test.ts',
      'ask-proxy/__tests__/**/*.test.ts',
      'mcp/**/__tests__/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 120_000,
  },
});
