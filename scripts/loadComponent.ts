/** Loads a theme or site component's source in a unit test, as the site compiles it, without a bundler. */
import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import ts from 'typescript';

export /** A component module compiled to CommonJS with React's automatic runtime, its imports given by `modules`. */
function load(file: string, modules: Record<string, unknown>): ComponentType<Record<string, unknown>> {
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      esModuleInterop: true,
    },
  });
  const imports: Record<string, unknown> = { react: React, 'react/jsx-runtime': jsxRuntime, ...modules };
  const module = { exports: {} as { default?: ComponentType<Record<string, unknown>> } };
  const require = (name: string) => {
    if (!(name in imports))
      throw new Error(`${path.basename(file)} imports ${name}, which this test does not provide`);
    return imports[name];
  };
  new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
  return module.exports.default!;
}
