import auth from '../../features/auth/es.json';
import cms from '../../features/cms/es.json';
import placeholder from '../../features/placeholder/es.json';
import shell from './es.json';

/** The first load's catalogues in Spanish (index.ts's `catalogues`): a chunk only Spanish readers load. */
export const texts = { ...shell, ...auth, ...cms, ...placeholder };
