// The questionnaire feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export { useQuestionnaires } from './questionnaire-api.ts';
export { questionnairePath } from './questionnaire-picker.tsx';
export const loadQuestionnairePage = () => import('./questionnaire-page.tsx');
