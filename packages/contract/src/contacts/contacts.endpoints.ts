import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import { contactDetailSchema, contactListSchema, contactParamsSchema, listContactsQuerySchema } from './contacts.ts';
import { phoneLookupQuerySchema, phoneLookupResponseSchema } from './phone-lookup.ts';

// Staff only: customers, their details and tickets, and whose a phone number is.
const tags = ['Contacts'];

export const listContacts = endpoint({
  method: 'GET',
  path: '/api/v1/contacts',
  roles: STAFF_ROLES,
  tags,
  summary: 'Customers by name; q searches name, e-mail or phone',
  query: listContactsQuerySchema,
  response: { 200: contactListSchema },
});

export const lookupPhone = endpoint({
  method: 'GET',
  path: '/api/v1/contacts/phone-lookup',
  roles: STAFF_ROLES,
  tags,
  summary: 'Whether a phone number belongs to a customer',
  query: phoneLookupQuerySchema,
  response: { 200: phoneLookupResponseSchema },
});

export const getContact = endpoint({
  method: 'GET',
  path: '/api/v1/contacts/:id',
  roles: STAFF_ROLES,
  tags,
  summary: 'A customer with their tickets',
  params: contactParamsSchema,
  response: { 200: contactDetailSchema },
});
