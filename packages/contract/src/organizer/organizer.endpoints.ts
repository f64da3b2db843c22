import { endpoint } from '../common/endpoint.ts';
import {
  declineDependentBodySchema,
  householdOffersSchema,
  ticketDependentParamsSchema,
} from '../households/dependents.ts';
import { ticketParamsSchema } from '../tickets/ticket.ts';
import {
  createOrganizerBodySchema,
  organizerDetailSchema,
  organizerListSchema,
  organizerParamsSchema,
  revealOrganizerBodySchema,
  revealOrganizerResponseSchema,
  saveOrganizerAnswersBodySchema,
  saveOrganizerDraftBodySchema,
  ticketOrganizerSchema,
  updateOrganizerBodySchema,
} from './organizer.ts';

const tags = ['Organizers'];
const roles = ['Admin'] as const;

export const listOrganizers = endpoint({
  method: 'GET',
  path: '/api/v1/admin/organizers',
  tags,
  roles,
  summary: 'The organizer templates, with the version tickets get now',
  response: { 200: organizerListSchema },
});

export const createOrganizer = endpoint({
  method: 'POST',
  path: '/api/v1/admin/organizers',
  tags,
  roles,
  summary: 'A new organizer template (its first version a draft), empty or from a definition',
  body: createOrganizerBodySchema,
  response: { 201: organizerDetailSchema },
});

export const getOrganizer = endpoint({
  method: 'GET',
  path: '/api/v1/admin/organizers/:id',
  tags,
  roles,
  summary: 'One template: its draft (or published version) and its versions',
  params: organizerParamsSchema,
  response: { 200: organizerDetailSchema },
});

export const updateOrganizer = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/organizers/:id',
  tags,
  roles,
  summary: "A template's name, service and tax year",
  params: organizerParamsSchema,
  body: updateOrganizerBodySchema,
  response: { 200: organizerDetailSchema },
});

export const saveOrganizerDraft = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/organizers/:id/draft',
  tags,
  roles,
  summary: 'Save the draft version (made from the published one if there is none)',
  params: organizerParamsSchema,
  body: saveOrganizerDraftBodySchema,
  response: { 200: organizerDetailSchema },
});

export const publishOrganizer = endpoint({
  method: 'POST',
  path: '/api/v1/admin/organizers/:id/publish',
  tags,
  roles,
  summary: 'Publish the draft: new tickets get it; answers already given keep their version',
  params: organizerParamsSchema,
  response: { 200: organizerDetailSchema },
});

export const archiveOrganizer = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/organizers/:id',
  tags,
  roles,
  summary: 'Stop giving the template to new tickets (answers already given keep their version)',
  params: organizerParamsSchema,
  answers: { 204: { description: 'Archived' } },
});

export const getTicketOrganizer = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/organizer',
  tags,
  summary: "The ticket's organizer (its pinned version, else the template that applies), answers masked, progress",
  params: ticketParamsSchema,
  response: { 200: ticketOrganizerSchema },
});

export const saveTicketOrganizer = endpoint({
  method: 'PUT',
  path: '/api/v1/tickets/:id/organizer',
  tags,
  summary: 'Save all the answers (autosave); makes and cancels the document requests the answers drive',
  params: ticketParamsSchema,
  body: saveOrganizerAnswersBodySchema,
  response: { 200: ticketOrganizerSchema },
});

export const revealTicketOrganizerField = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/organizer/reveal',
  tags,
  summary: 'One SSN or ITIN of the organizer in clear (staff, or the customer their own); audited',
  params: ticketParamsSchema,
  body: revealOrganizerBodySchema,
  response: { 200: revealOrganizerResponseSchema },
});

export const declineTicketDependent = endpoint({
  method: 'PUT',
  path: '/api/v1/tickets/:id/organizer/dependents/:dependentId',
  tags,
  summary: 'A household dependent "not this year" on this ticket\'s organizer, or offered again; the offers',
  params: ticketDependentParamsSchema,
  body: declineDependentBodySchema,
  response: { 200: householdOffersSchema },
});
