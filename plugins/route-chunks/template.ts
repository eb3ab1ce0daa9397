import stockTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

/**
 * The page template (`ssrTemplate`): Docusaurus's own, with one change to how a page's scripts load.
 *
 * Stock pages list their scripts as `<script defer>`. Deferred scripts run as soon as the document is
 * parsed, and on a fast connection that is before the browser paints anything, so the reader waits for
 * the whole bundle to be evaluated and hydrated before seeing the server-rendered page. Here the
 * scripts are preloaded instead (at the low priority deferred scripts get, so the stylesheet still
 * comes first) and PAINT_FIRST_LOADER adds them, in order, once the first frame is painted. Downloads
 * start as early as before; only their evaluation waits one frame.
 *
 * The home page keeps stock loading: Docusaurus's base-URL banner (rendered there only) is shown when
 * `window.docusaurus` is still missing at DOMContentLoaded, which a paint-first page always is.
 */
export const PAINT_FIRST_ATTRIBUTE = 'data-paint-first';

/** The longest the scripts wait for a paint once the page is parsed. */
export const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Adds the preloaded scripts, in order (`async = false`), once the document is parsed and painted:
 * after DOMContentLoaded (so React never hydrates a half-parsed page) and the first contentful paint,
 * then one more frame (a requestAnimationFrame callback runs just before a frame is painted, the
 * timeout just after it), so a page whose first paint came before the end of parsing is painted whole
 * too. A hidden tab paints nothing until shown, so there the scripts load as soon as the page is parsed.
 * A browser without paint timing, or a paint that never comes, does not hold them back for long.
 */
export const PAINT_FIRST_LOADER = `(function(){var loaded=false;function load(){if(loaded)return;loaded=true;document.querySelectorAll('link[${PAINT_FIRST_ATTRIBUTE}]').forEach(function(link){var script=document.createElement('script');script.src=link.href;script.async=false;document.head.appendChild(script)})}var painted=new Promise(function(resolve){try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)resolve()}).observe({type:'paint',buffered:true})}catch(error){resolve()}});document.addEventListener('DOMContentLoaded',function(){if(document.hidden)return load();setTimeout(load,${PAINT_WAIT_LIMIT_MS});painted.then(function(){requestAnimationFrame(function(){setTimeout(load)})})})})()`;

/** A fragment only the base-URL banner's inline script contains (its container's id). */
const BANNER_MARK = '__docusaurus-base-url-issue-banner-container';

const STOCK_SCRIPTS =
  /<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;

const PAINT_FIRST_SCRIPTS = `<% if (it.metaAttributes.some((tag) => tag.includes('${BANNER_MARK}'))) { %>
      <% it.scripts.forEach((script) => { %>
        <script src="<%= it.baseUrl %><%= script %>" defer></script>
      <% }); %>
    <% } else { %>
      <% it.scripts.forEach((script) => { %>
        <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" ${PAINT_FIRST_ATTRIBUTE}>
      <% }); %>
      <script>${PAINT_FIRST_LOADER}</script>
    <% } %>`;

/** Docusaurus's template with paint-first script loading; fails if that template no longer matches. */
export function paintFirstTemplate(template: string = stockTemplate): string {
  if (!STOCK_SCRIPTS.test(template))
    throw new Error(
      "plugins/route-chunks/template.ts: Docusaurus's page template (@docusaurus/core/lib/ssg/ssgTemplate.html) " +
        'no longer lists scripts the way this file expects; update STOCK_SCRIPTS to match it.',
    );
  return template.replace(STOCK_SCRIPTS, PAINT_FIRST_SCRIPTS);
}
