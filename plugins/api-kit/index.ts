/**
 * What API consumers get beside the reference, written into the production build: the specification as
 * written and in OpenAPI 3 (./downloads.ts), the Postman collection (./postman.ts) and `/SKILL.md`
 * (./skill.ts). The breaking-change gate and the changelog page are ./changes.ts and
 * ./changelog-page.ts (run by `npm run gen:api`).
 *
 * The files are made while the site loads (the collection takes seconds) and written when the build is
 * done (postBuild); `npm run build` compresses them with every other file afterwards (plugins/static-host).
 * `npm start` does not make them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { apiModel, readSpec, type SpecSource } from '@services-manager-docs/core/api';
import { DOWNLOADS, openApiFiles } from './downloads';
import { postmanCollection } from './postman';
import { lifecyclePages, skillMarkdown } from './skill';

export { DOWNLOADS, DOWNLOAD_LIST, contentDownloads } from './downloads';

const isBuild = () => process.env.NODE_ENV === 'production';

/** The specification's files: as written, in OpenAPI 3 (JSON and YAML), and the Postman collection. */
export async function specFiles(spec: SpecSource): Promise<Map<string, string>> {
  const model = await apiModel(spec);
  const [authored, collection] = await Promise.all([readSpec(spec), postmanCollection(model)]);
  const openapi = openApiFiles(model);
  return new Map([
    [DOWNLOADS.spec.file, authored],
    [DOWNLOADS.openapiJson.file, openapi.json],
    [DOWNLOADS.openapiYaml.file, openapi.yaml],
    [DOWNLOADS.postman.file, `${JSON.stringify(collection, null, 2)}\n`],
  ]);
}

export default function apiKitPlugin(context: LoadContext, options: { spec: SpecSource }): Plugin {
  const { siteConfig, siteDir } = context;
  let files: Promise<Map<string, string>> | undefined;
  let skill: string | undefined;
  const make = () => (files ??= specFiles(options.spec));
  return {
    name: 'services-manager-api-kit',
    async loadContent() {
      if (isBuild()) await make();
    },
    async allContentLoaded({ allContent }) {
      if (!isBuild()) return;
      // Where each lifecycle is shown: the docs that hold its ::lifecycle block.
      const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, LoadedContent>;
      const docs = Object.values(instances).flatMap((content) =>
        content.loadedVersions.flatMap((version) =>
          version.docs.map((doc): [string, string] => [
            path.resolve(doc.source.replace(/^@site\//, `${siteDir}/`)),
            doc.permalink,
          ]),
        ),
      );
      skill = skillMarkdown(await apiModel(options.spec), {
        site: `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl}`,
        lifecyclePages: lifecyclePages(docs, siteConfig.baseUrl),
      });
    },
    async postBuild({ outDir }) {
      const written = new Map(await make());
      if (skill) written.set(DOWNLOADS.skill.file, skill);
      for (const [file, text] of written) {
        const target = path.join(outDir, file);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, text);
      }
    },
  };
}
