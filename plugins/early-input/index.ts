import type { Plugin } from '@docusaurus/types';

/** Buttons whose early clicks are kept: the navbar's search button and colour-mode toggle. */
export const REPLAYED_BUTTONS = [
  'button[aria-haspopup="dialog"][aria-keyshortcuts]',
  'button[aria-label^="Switch between dark and light mode"]',
];

/**
 * Keeps what a reader does while a page loads. The server-rendered page is visible before its scripts
 * have run and React has hydrated it, and until then the search shortcut has no listener and the theme
 * renders its colour-mode toggle disabled, so a Ctrl/⌘+K or a click on the toggle would be lost. This
 * inline script records those (the search shortcuts, and a press on a REPLAYED_BUTTONS button, seen as
 * `pointerup` because a disabled button gets no click) and plays them again once the page is
 * hydrated, a button's click as soon as the button is enabled. It is one fixed script, so the content
 * security policy allows it by its hash (plugins/static-host).
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var root = document.documentElement;
  var buttons = ${JSON.stringify(REPLAYED_BUTTONS.join(', '))};
  var queue = [];
  var hydrated = function () { return root.getAttribute('data-has-hydrated') === 'true'; };
  var typing = function (target) {
    return target && target.closest && target.closest('input, textarea, select, [contenteditable="true"]');
  };
  var onKey = function (event) {
    if (hydrated()) return;
    var shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (!shortcut && !(event.key === '/' && !event.ctrlKey && !event.metaKey && !typing(event.target))) return;
    event.preventDefault();
    queue.push({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey });
  };
  var onPress = function (event) {
    if (hydrated() || event.button !== 0 || !event.target.closest) return;
    var button = event.target.closest(buttons);
    if (button) queue.push({ button: [].indexOf.call(document.querySelectorAll(buttons), button) });
  };
  var clickWhenEnabled = function (index, tries) {
    var button = document.querySelectorAll(buttons)[index];
    if (button && !button.disabled) button.click();
    else if (tries > 0) setTimeout(function () { clickWhenEnabled(index, tries - 1); }, 20);
  };
  var replay = function () {
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('pointerup', onPress, true);
    queue.forEach(function (input) {
      if ('button' in input) return clickWhenEnabled(input.button, 250);
      var init = { key: input.key, ctrlKey: input.ctrlKey, metaKey: input.metaKey, bubbles: true, cancelable: true };
      (document.activeElement || document.body).dispatchEvent(new KeyboardEvent('keydown', init));
    });
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerup', onPress, true);
  new MutationObserver(function (changes, observer) {
    if (!hydrated()) return;
    observer.disconnect();
    replay();
  }).observe(root, { attributes: true, attributeFilter: ['data-has-hydrated'] });
})();`;

export default function earlyInputPlugin(): Plugin {
  return {
    name: 'services-manager-early-input',
    injectHtmlTags: () => ({ headTags: [{ tagName: 'script', innerHTML: EARLY_INPUT_SCRIPT }] }),
  };
}
