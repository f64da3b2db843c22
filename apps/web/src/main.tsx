import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, languageOfTag } from '@taxportal/contract';

const languageOf = (tag: string) => languageOfTag(tag) ?? DEFAULT_LANGUAGE;
import { App } from './app/app.tsx';
import { switchLanguage } from './lib/language.ts';
import { prefetch } from './app/router/router.tsx';
import { rememberFormatting } from './ui/format.ts';

// The build gives each Mantine component's CSS to the chunk that uses it (vite-plugins.ts); the dev server
// pre-bundles Mantine, so it gets the whole sheet.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

rememberFormatting();
const container = document.getElementById('root')!;
const prerendered = document.getElementById('tp-prerender')?.textContent;

// Not a top-level await here: an entry that awaits makes the bundler split every module the lazy pages share with
// it into chunks of their own (a lazy chunk importing back into a waiting entry would deadlock), ~14 KB more.
// The page's language, as the server chose it (the reader's cookie, else their browser's): English is bundled;
// another language's texts load first (only its readers load them), so the app draws, or hydrates, in it.
const language = languageOf(document.documentElement.lang);
const inLanguage = language === DEFAULT_LANGUAGE ? Promise.resolve() : switchLanguage(language).catch(() => undefined);
if (prerendered) {
  void Promise.all([import('./hydrate-prerendered.tsx'), inLanguage]).then(([m]) =>
    m.hydratePrerendered(container, prerendered),
  );
} else {
  // The page's code starts downloading now, beside the session's request, rather than once the shell has drawn and
  // the session has answered (a round trip less before a signed-in page shows on a slow network).
  void prefetch(window.location.href);
  const draw = () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  if (language === DEFAULT_LANGUAGE) draw();
  else void inLanguage.then(draw);
}
