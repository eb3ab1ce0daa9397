import stockTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import { describe, expect, it } from 'vitest';
import { PAGE_TEMPLATE, SCRIPTS } from '../template';

/** Stock's script list, the one part the site's template replaces. */
const STOCK_SCRIPTS = `<% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

describe('the page template', () => {
  it('is Docusaurus’s own except for how scripts are listed (update it when a release changes stock’s)', () => {
    expect(stockTemplate).toContain(STOCK_SCRIPTS);
    const tight = (template: string) => template.replace(/>\s+</g, '><').trim();
    expect(PAGE_TEMPLATE).toBe(tight(stockTemplate.replace(STOCK_SCRIPTS, SCRIPTS)));
  });
});
