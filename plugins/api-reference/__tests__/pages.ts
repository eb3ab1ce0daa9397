/**
 * The reference pages docusaurus-plugin-openapi-docs would write for an API model, without a site: the
 * plugin reads the model's document (as `npm run gen:api` has it do) and our generators write each page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processOpenapiFiles, readOpenapiFiles } from 'docusaurus-plugin-openapi-docs/lib/openapi';
import type { ApiModel } from '../../../api-model';
import { createApiPageMD, createInfoPageMD, createTagPageMD, type PageItem } from '../markdown';

export type GeneratedPage = { id: string; type: string; markdown: string; item: PageItem };

const GENERATORS: Record<string, (item: PageItem) => string> = {
  api: createApiPageMD,
  info: createInfoPageMD,
  tag: createTagPageMD,
};

export async function referencePages(model: ApiModel): Promise<GeneratedPage[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-model-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(model.document));
    const [items] = await processOpenapiFiles(
      await readOpenapiFiles(file),
      { specPath: file, outputDir: 'out' } as never,
      { groupPathsBy: 'tag', categoryLinkSource: 'tag' } as never,
    );
    return (items as unknown as (PageItem & { id: string; type: string })[])
      .filter((item) => GENERATORS[item.type])
      .map((item) => ({ id: item.id, type: item.type, markdown: GENERATORS[item.type](item), item }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
