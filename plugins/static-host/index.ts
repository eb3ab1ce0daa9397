import type { LoadContext, Plugin } from '@docusaurus/types';
import markdownExportPlugin from '../markdown-export';
import type { Pipelines } from '../content-model';
import type { SpecSource } from '@services-manager-docs/core/api';
import { prepareForHost } from './host';
import { publicUrlProblem } from '../../site.links';

/**
 * Completes the build for a static host: the Markdown twins and llms.txt (../markdown-export), then
 * `_headers` and the precompressed copies of every file (./host.ts). Docusaurus runs all plugins'
 * postBuild hooks at once, so the twins are written here, first, rather than by a plugin of their own:
 * the compression must see every file the build writes.
 */
export default function staticHostPlugin(
  context: LoadContext,
  options: { pipelines: Pipelines; spec: SpecSource },
): Plugin {
  // A build for a host must know where it is served: stop before any work rather than ship localhost.
  const problem = publicUrlProblem();
  if (problem) throw new Error(problem);
  const twins = markdownExportPlugin(context, options);
  return {
    ...twins,
    name: 'services-manager-static-host',
    async postBuild(props) {
      await twins.postBuild?.(props);
      const started = Date.now();
      const { inlineScripts, compressed } = await prepareForHost(props.outDir);
      console.log(
        `[static-host] _headers written (${inlineScripts} inline script hash${inlineScripts === 1 ? '' : 'es'}); ` +
          `${compressed} files precompressed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
