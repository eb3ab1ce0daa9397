/**
 * `@docusaurus/utils-common` as the site's bundles see it: the package's own functions, re-exported from
 * its files, which need no tslib (see ./index.ts). A unit test holds it equal to the package's index.
 */
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash';
export { addPrefix, removeSuffix, addSuffix, removePrefix } from '@docusaurus/utils-common/lib/stringUtils';
export { getErrorCausalChain } from '@docusaurus/utils-common/lib/errorUtils';
export const blogPostContainerID = '__blog-post-container';
