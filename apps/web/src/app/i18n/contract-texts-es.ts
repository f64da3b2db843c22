import { SERVER_TEXTS, flattenTexts } from '@taxportal/contract/texts';
import { SERVER_TEXTS_ES } from '@taxportal/contract/texts/es';

/** The parts of the contract's catalogue the web shows itself (lib/language.ts contractText). */
const AREAS = ['messages', 'billing', 'uploads', 'drafts', 'fields'] as const;

/**
 * The contract's texts the web shows itself, English to Spanish: its schemas' field messages when a form is checked
 * on the device, and the server's messages it names. The build replaces this module by its value (vite-plugins.ts,
 * contractTextPairs), so Spanish readers load the pairs, not the catalogues, and no one else loads either.
 */
export const contractTextsEs: [string, string][] = AREAS.flatMap((area) => {
  const spanish = flattenTexts(SERVER_TEXTS_ES[area]);
  return [...flattenTexts(SERVER_TEXTS[area])].flatMap(([key, english]): [string, string][] => {
    const es = spanish.get(key);
    return es === undefined ? [] : [[english, es]];
  });
});
