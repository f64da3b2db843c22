// Pages the server rendered (apps/server/src/platform/prerender.ts) are whole HTML: text, links, images and
// styles, readable and navigable with no script. The app's scripts (and the hydration that makes menus, forms and
// dialogs work) load when the visitor first interacts: moves the pointer, touches, scrolls, presses a key or
// focuses a field. A phone that only reads spends nothing on scripts; a desk's first mouse move starts them.
// (Loading them at idle after the page's load was measured and not kept: docs/decisions/0028.)
//
// Until the app has taken the page over, a press on a button (which needs the app) is held and replayed once it
// has (a tab is selected at once, and a button marked busy, so that the tap is answered), and no form is submitted natively (its fields would go into the address): it is held too, and the app
// submits it once it has taken the page over.
/* global document, addEventListener, removeEventListener, Element, HTMLFormElement */
(function () {
  var entry = document.querySelector('meta[name="tp-entry"]');
  if (!entry) return;
  var triggers = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'wheel', 'focusin'];
  var listen = { capture: true, passive: true };
  var started = false;
  var hydrated = false;
  var held = null;

  function start(event) {
    // A headless browser places its pointer at the page's corner and announces it as a move when the page first
    // draws (no movement, at 0,0): that is not the reader. Any other move is, even a first one (no movement yet).
    if (
      event &&
      event.type === 'pointermove' &&
      !event.movementX &&
      !event.movementY &&
      !event.clientX &&
      !event.clientY
    )
      return;
    if (started) return;
    started = true;
    triggers.forEach(function (type) {
      removeEventListener(type, start, listen);
    });
    JSON.parse(entry.getAttribute('data-preload') || '[]').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry.getAttribute('content'));
  }

  triggers.forEach(function (type) {
    addEventListener(type, start, listen);
  });

  // A tab answers at once, before the app is there: the rendered page holds every tab's panel (the others hidden),
  // so the tapped tab is selected and its panel shown here, as the app would; the app, once it has taken the page
  // over, is told of the tap (replayed below) and draws the same.
  function selectTab(tab) {
    var list = tab.closest('[role="tablist"]');
    if (!list) return;
    list.querySelectorAll('[role="tab"]').forEach(function (each) {
      var on = each === tab;
      each.setAttribute('aria-selected', on ? 'true' : 'false');
      each.setAttribute('tabindex', on ? '0' : '-1');
      if (on) each.setAttribute('data-active', 'true');
      else each.removeAttribute('data-active');
      if (!each.id) return;
      document.querySelectorAll('[role="tabpanel"][aria-labelledby="' + each.id + '"]').forEach(function (panel) {
        panel.style.display = on ? '' : 'none';
      });
    });
  }

  // The tab chosen in each tab list before the app is there: replayed first once it is, so that the app's state
  // agrees with the page (a press or a submit held after it is replayed after it).
  var tabs = [];
  function chooseTab(tab) {
    selectTab(tab);
    var list = tab.closest('[role="tablist"]');
    tabs = tabs.filter(function (t) {
      return t.closest('[role="tablist"]') !== list;
    });
    tabs.push(tab);
  }

  addEventListener(
    'click',
    function (event) {
      if (hydrated) return;
      // Links navigate as links do, but for those that say the app does what they do in place (the header's
      // language link: in place, what was typed stays).
      var button =
        event.target instanceof Element
          ? event.target.closest('button, [role="button"], [role="tab"], a[data-held-until-app]')
          : null;
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      start();
      if (button.getAttribute('role') === 'tab') return chooseTab(button);
      if (held && held !== button && held.removeAttribute) held.removeAttribute('aria-busy');
      held = button;
      // Any other press shows at once that it was taken (styles.css: [aria-busy] while the app loads).
      button.setAttribute('aria-busy', 'true');
    },
    true,
  );
  // The keys of a tab list (WAI-ARIA tabs, as the app's: the arrows and Home/End move and select).
  addEventListener(
    'keydown',
    function (event) {
      if (hydrated || !(event.target instanceof Element) || event.target.getAttribute('role') !== 'tab') return;
      var list = event.target.closest('[role="tablist"]');
      if (!list) return;
      var all = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
      var at = all.indexOf(event.target);
      var vertical = list.getAttribute('aria-orientation') === 'vertical';
      var next = {
        ArrowRight: vertical ? -1 : at + 1,
        ArrowLeft: vertical ? -1 : at - 1,
        ArrowDown: vertical ? at + 1 : -1,
        ArrowUp: vertical ? at - 1 : -1,
        Home: 0,
        End: all.length - 1,
      }[event.key];
      if (next === undefined || next === -1 || at < 0) return;
      var tab = all[(next + all.length) % all.length];
      event.preventDefault();
      tab.focus();
      chooseTab(tab);
    },
    true,
  );
  addEventListener(
    'submit',
    function (event) {
      if (hydrated) return;
      event.preventDefault();
      // Sent with Enter or its button before the app is there: sent by the app once it is (the fields keep what
      // was typed, and the app's form takes it up as it hydrates).
      held = event.target;
      start();
    },
    true,
  );
  // Said by the app (main.tsx) once it has hydrated the page.
  document.addEventListener('tp:hydrated', function () {
    hydrated = true;
    tabs.forEach(function (tab) {
      if (tab.isConnected) tab.click();
    });
    tabs = [];
    if (held && held.removeAttribute) held.removeAttribute('aria-busy');
    if (held && held.isConnected) {
      if (held instanceof HTMLFormElement) held.requestSubmit();
      else held.click();
    }
    held = null;
  });
})();
