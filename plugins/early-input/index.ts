import type { Plugin } from '@docusaurus/types';
import { SEARCH_CANCEL_EVENT, SEARCH_INPUT_ID } from './searchInput';

/** The navbar's search button: a click on it, or a search shortcut, opens the search dialog. */
const SEARCH_BUTTON = 'button[aria-haspopup="dialog"][aria-keyshortcuts]';

/** Buttons whose early clicks are kept: the navbar's search button and colour-mode toggle. */
export const REPLAYED_BUTTONS = [SEARCH_BUTTON, 'button[aria-label^="Switch between dark and light mode"]'];

/**
 * The search shortcuts and what a reader does while a page loads. The server-rendered page is visible
 * before its scripts have run and React has hydrated it, and until then the theme renders its
 * colour-mode toggle disabled, so a click on it would be lost; the search dialog's code arrives only
 * when search is first reached for. This inline script:
 * - handles Ctrl/⌘+K and `/` (outside a text field) on every page: it focuses the search box's
 *   stand-in (./searchInput.ts, created on first use outside React's tree) at once, so every key typed
 *   after the shortcut lands in a text field, and clicks the search button, which opens the dialog; the
 *   dialog takes the stand-in's text when it mounts. A click on the search button focuses the stand-in
 *   the same way. Escape in the stand-in cancels: it removes the stand-in, forgets a request not yet
 *   played, gives focus back to where it was and sends SEARCH_CANCEL_EVENT, so that a dialog whose code
 *   is still loading does not open;
 * - before hydration, records those requests and a press on a REPLAYED_BUTTONS button (seen as
 *   `pointerup`, because a disabled button gets no click) and plays them once the page is hydrated, a
 *   button's click as soon as the button is enabled.
 * It is one fixed script, so the content security policy allows it by its hash (plugins/static-host).
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var root = document.documentElement;
  var search = ${JSON.stringify(SEARCH_BUTTON)};
  var buttons = ${JSON.stringify(REPLAYED_BUTTONS.join(', '))};
  var queue = [];
  var hydrated = function () { return root.getAttribute('data-has-hydrated') === 'true'; };
  var closest = function (target, selector) { return target && target.closest ? target.closest(selector) : null; };
  var before = null;
  var cancel = function (event) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    event.target.remove();
    var index = indexOf(document.querySelector(search));
    queue = queue.filter(function (queued) { return queued !== index; });
    if (before && before.isConnected && before.focus) before.focus({ preventScroll: true });
    window.dispatchEvent(new Event(${JSON.stringify(SEARCH_CANCEL_EVENT)}));
  };
  var standIn = function () {
    var input = document.getElementById(${JSON.stringify(SEARCH_INPUT_ID)});
    if (document.activeElement !== input) before = document.activeElement;
    if (!input) {
      input = document.createElement('input');
      input.id = ${JSON.stringify(SEARCH_INPUT_ID)};
      input.type = 'search';
      input.tabIndex = -1;
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.setAttribute('aria-label', 'Search the docs');
      input.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;margin:0;padding:0;border:0;opacity:0;font-size:16px';
      input.addEventListener('keydown', cancel);
      (document.body || root).appendChild(input);
    }
    input.focus({ preventScroll: true });
  };
  var indexOf = function (button) { return [].indexOf.call(document.querySelectorAll(buttons), button); };
  var clickWhenEnabled = function (index, tries) {
    var button = document.querySelectorAll(buttons)[index];
    if (button && !button.disabled) button.click();
    else if (tries > 0) setTimeout(function () { clickWhenEnabled(index, tries - 1); }, 20);
  };
  var later = function (button) {
    var index = indexOf(button);
    if (index >= 0 && queue.indexOf(index) < 0) queue.push(index);
  };
  var onKey = function (event) {
    var shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    var slash = event.key === '/' && !event.ctrlKey && !event.metaKey &&
      !closest(event.target, 'input, textarea, select, [contenteditable="true"]');
    if (!shortcut && !slash) return;
    event.preventDefault();
    if (closest(event.target, '[role="dialog"]')) return;
    var button = document.querySelector(search);
    if (!button) return;
    standIn();
    if (hydrated()) button.click();
    else later(button);
  };
  var onClick = function (event) {
    var button = closest(event.target, search);
    if (!button) return;
    standIn();
    if (!hydrated()) later(button);
  };
  var onPress = function (event) {
    if (hydrated() || event.button !== 0) return;
    var button = closest(event.target, buttons);
    if (button) later(button);
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('click', onClick, true);
  window.addEventListener('pointerup', onPress, true);
  new MutationObserver(function (changes, observer) {
    if (!hydrated()) return;
    observer.disconnect();
    window.removeEventListener('pointerup', onPress, true);
    queue.forEach(function (index) { clickWhenEnabled(index, 250); });
  }).observe(root, { attributes: true, attributeFilter: ['data-has-hydrated'] });
})();`;

export default function earlyInputPlugin(): Plugin {
  return {
    name: 'services-manager-early-input',
    injectHtmlTags: () => ({ headTags: [{ tagName: 'script', innerHTML: EARLY_INPUT_SCRIPT }] }),
  };
}
