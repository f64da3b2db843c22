// In the page, for bench/taps: the tap, and the first frame at which each answer holds (the head of taps.mjs says
// how the time is taken); and, from outside, reading it.

/** How long a row waits for a page's answer before it counts as failed. */
export const WAIT_MS = 60_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* global window, document, location, requestAnimationFrame */
export function pageProbe({ fromStart, typed, want }) {
  const KEY = 'tp-bench-tap';
  const now = () => performance.timeOrigin + performance.now();
  const visible = (el) => !!el && el.checkVisibility();
  const tab = (name) =>
    [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === name) ?? null;
  const checks = {
    hydrated: () => document.documentElement.hasAttribute('data-hydrated'),
    createSelected: () => tab('Create account')?.getAttribute('aria-selected') === 'true',
    signInSelected: () => tab('Sign in')?.getAttribute('aria-selected') === 'true',
    ticketPage: () => {
      const pageEl = document.querySelector('[data-testid="ticket-page"]');
      const name = pageEl?.querySelector('[data-testid="ticket-name"]');
      return visible(pageEl) && visible(name) && name.textContent.trim() === pageEl.dataset.ticket;
    },
    messageBox: () => {
      const box = document.querySelector('[data-testid="message-input"]');
      return visible(box) && !box.disabled && !box.readOnly;
    },
    messages: () => visible(document.querySelector('[data-testid="message-list"]')),
  };
  const probe = {
    doc: Math.random().toString(36).slice(2),
    tap: null,
    marks: {},
    // The answers the harness waits for: the only ones checked, and the loop ends once they all hold.
    want,
    watching: false,
    started: now(),
  };
  window.__tpBench = probe;
  const loop = () => {
    const pending = probe.want.filter((name) => checks[name] && probe.marks[name] === undefined);
    for (const name of pending) {
      try {
        if (checks[name]()) probe.marks[name] = now();
      } catch {
        /* the document is not there yet */
      }
    }
    if (pending.some((name) => probe.marks[name] === undefined) && now() - probe.started < 60_000)
      requestAnimationFrame(loop);
    else probe.watching = false;
  };
  const watch = () => {
    probe.started = now();
    if (probe.watching) return;
    probe.watching = true;
    requestAnimationFrame(loop);
  };
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    // A document the last tap opened: the tap is the one of the document before.
    if (last && now() - last.at < 30_000 && last.doc !== probe.doc) {
      probe.tap = { ...last, fromDocument: true };
      probe.want = last.want;
    }
  } catch {
    /* no storage */
  }
  if (fromStart || probe.tap) {
    if (fromStart) probe.tap = null;
    probe.watching = true;
    loop();
  }
  window.addEventListener(
    'pointerdown',
    (event) => {
      probe.tap = {
        at: performance.timeOrigin + event.timeStamp,
        doc: probe.doc,
        hydrated: document.documentElement.hasAttribute('data-hydrated'),
        want: probe.want,
      };
      // From the tap on, unless the document's own start is the origin (row 5: its marks stay).
      if (!fromStart) probe.marks = {};
      try {
        sessionStorage.setItem(KEY, JSON.stringify(probe.tap));
      } catch {
        /* no storage */
      }
      watch();
    },
    { capture: true, passive: true },
  );
  document.addEventListener(
    'input',
    (event) => {
      const el = event.target;
      if (probe.marks.typed === undefined && el?.dataset?.testid === 'message-input' && el.value.includes(typed))
        probe.marks.typed = now();
    },
    { capture: true, passive: true },
  );
}

/** The page's probe; null while a navigation has no document yet. */
export async function readProbe(page) {
  try {
    return await page.evaluate(() => {
      const p = window.__tpBench;
      return p
        ? { doc: p.doc, tap: p.tap, marks: { ...p.marks }, origin: performance.timeOrigin, path: location.pathname }
        : null;
    });
  } catch {
    return null; // the execution context went with a navigation
  }
}

/** The answers to check from the next tap on (and in a document it opens). */
export async function watchFor(page, names) {
  await page.evaluate((n) => {
    window.__tpBench.want = n;
  }, names);
}

/** Polls (4 times a second, from outside: no busy loop in the page) until `names` are all marked. */
export async function waitForMarks(page, names, { timeout = WAIT_MS } = {}) {
  const until = Date.now() + timeout;
  for (;;) {
    const p = await readProbe(page);
    if (p && names.every((n) => p.marks[n] !== undefined)) return p;
    if (Date.now() > until)
      throw new Error(`waited ${timeout / 1000} s for ${names.join(', ')}; had ${JSON.stringify(p?.marks ?? {})}`);
    await sleep(250);
  }
}
