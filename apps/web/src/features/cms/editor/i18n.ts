import i18n from 'i18next';
import en from '../i18n/site-editor.en.json';

// The editor's texts come with its chunk, so the public site's first load does not carry them
// (app/i18n/index.ts types them as a lazy catalogue).
i18n.addResourceBundle('en', 'translation', en, true, false);
