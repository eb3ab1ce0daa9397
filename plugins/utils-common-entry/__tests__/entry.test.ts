import * as utilsCommon from '@docusaurus/utils-common';
import { describe, expect, it } from 'vitest';
import * as entry from '../entry';

describe('the bundles’ @docusaurus/utils-common entry', () => {
  it('exports exactly what the package’s index exports, the same functions and values', () => {
    expect(Object.keys(entry).sort()).toEqual(Object.keys(utilsCommon).sort());
    for (const [name, value] of Object.entries(utilsCommon))
      expect(entry[name as keyof typeof entry], name).toBe(value);
  });
});
