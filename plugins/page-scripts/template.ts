/**
 * The page template (Docusaurus's `ssrTemplate` option): Docusaurus's own (`@docusaurus/core`'s
 * lib/ssg/ssgTemplate.html, which a unit test compares this with), with one change to how a page's
 * scripts load.
 *
 * Stock pages list their scripts as `<script defer>`. Deferred scripts run as soon as the document is
 * parsed, which on a fast connection is before the browser has painted anything, so a slow phone shows
 * the server-rendered page only after evaluating the whole bundle and hydrating. Here each script is
 * preloaded instead, at the low priority deferred scripts get (the stylesheet still comes first), and
 * AFTER_PAINT_LOADER adds them, in order, one frame after the first contentful paint: downloads start as
 * early as before, only their evaluation waits for the paint.
 *
 * The home page keeps stock loading: Docusaurus's base-URL banner (rendered only there) appears when
 * `window.docusaurus` is still undefined at DOMContentLoaded, which it always is on an after-paint page.
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/**
 * Adds the preloaded scripts, in order (`async = false`), once the document is parsed (React never
 * hydrates a half-parsed page) and its first contentful paint has been reported, one frame later (a
 * requestAnimationFrame callback runs just before a frame is painted, the timeout just after it), so a
 * page that painted before the end of parsing is painted whole too. A browser without paint timing waits
 * for that one frame only. A hidden tab paints nothing, so there, or once the tab is hidden, the scripts
 * are added at once.
 */
export const AFTER_PAINT_LOADER = `(function(){var added=false;function add(){if(added)return;added=true;document.querySelectorAll('link[${AFTER_PAINT_ATTRIBUTE}]').forEach(function(link){var script=document.createElement('script');script.src=link.href;script.async=false;document.head.appendChild(script)})}var painted=new Promise(function(resolve){if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)return resolve();new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)resolve()}).observe({type:'paint',buffered:true})});document.addEventListener('visibilitychange',add);document.addEventListener('DOMContentLoaded',function(){if(document.hidden)return add();painted.then(function(){requestAnimationFrame(function(){setTimeout(add)})})})})()`;

/** A fragment only the base-URL banner's inline script contains (its container's id). */
export const BANNER_MARK = '__docusaurus-base-url-issue-banner-container';

/**
 * How a page's scripts are listed: the one part that differs from Docusaurus's template. The loader
 * itself is a head tag of the page-scripts plugin: the whole site config, this template included, is
 * part of every page's main bundle, so the template is kept short.
 */
export const SCRIPTS = `<% if (it.metaAttributes.some((tag) => tag.includes('${BANNER_MARK}'))) { %><% it.scripts.forEach((script) => { %><script src="<%= it.baseUrl %><%= script %>" defer></script><% }); %><% } else { %><% it.scripts.forEach((script) => { %><link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" ${AFTER_PAINT_ATTRIBUTE}><% }); %><% } %>`;

/** Docusaurus's template with SCRIPTS, its whitespace between tags left out (pages are minified anyway). */
export const PAGE_TEMPLATE = `<!DOCTYPE html><html <%~ it.htmlAttributes %>><head><meta charset="UTF-8"><meta name="generator" content="Docusaurus v<%= it.version %>"><% it.metaAttributes.forEach((metaAttribute) => { %><%~ metaAttribute %><% }); %><%~ it.headTags %><% it.stylesheets.forEach((stylesheet) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" /><% }); %>${SCRIPTS}</head><body <%~ it.bodyAttributes %>><%~ it.preBodyTags %><div id="__docusaurus"><%~ it.appHtml %></div><%~ it.postBodyTags %></body></html>`;
