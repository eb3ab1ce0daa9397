import { fromTree, type MdNode, type TreeOptions } from './fromTree';
import type { DocContent } from '@services-manager-docs/core/content/model';

type File = { data: Record<string, unknown> };

/** Where the recorder leaves the model on the processed file. */
export const CONTENT_KEY = 'contentModel';
/** Where parseDoc puts the page's link resolver for the recorder (the build's pass has none). */
export const RESOLVE_KEY = 'contentModelResolveLink';

/**
 * Records the page's tree, as the site's transforms left it, as the content model (./model.ts) on the
 * processed file (`file.data.contentModel`). The last remark plugin of both docs instances, so the
 * model holds the tables, links and code the page shows; parseDoc (./parse.ts) runs the same list.
 */
export default function remarkContentModel(options: TreeOptions = {}) {
  return (tree: MdNode, file: File) => {
    const resolveLink = options.resolveLink ?? (file.data[RESOLVE_KEY] as TreeOptions['resolveLink']);
    file.data[CONTENT_KEY] = fromTree(tree, { resolveLink });
  };
}

export const recordedContent = (file: File): DocContent | undefined =>
  file.data[CONTENT_KEY] as DocContent | undefined;
