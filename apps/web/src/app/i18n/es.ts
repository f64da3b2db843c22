import auth from '../../features/auth/es.json';
import cms from '../../features/cms/es.json';
import placeholder from '../../features/placeholder/es.json';
import shell from './es.json';
import { contractTextsEs } from './contract-texts-es.ts';
import { registerContractTexts } from '../../lib/language.ts';

/** The first load's catalogues in Spanish (index.ts's `catalogues`): a chunk only Spanish readers load. */
export const texts = { ...shell, ...auth, ...cms, ...placeholder };

// The contract's texts the web shows itself (lib/language.ts contractText), in Spanish.
registerContractTexts('es', new Map(contractTextsEs));
