// The questionnaire feature's public entry point: other features, app.ts and the demo sample import it only from
// here (docs/decisions/0010).
export { questionnaireRoutes } from './questionnaire.routes.ts';
/** The service function the demo sample plays (docs/decisions/0008). */
export { saveSection } from './questionnaire.service.ts';
/** An earlier year's questionnaire, for an organizer that carries its answers (issue 32; organizers/carry-forward.ts). */
export { earlierQuestionnaire } from './questionnaire-carry.ts';
