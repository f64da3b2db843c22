import { STAFF_ROLES } from '../roles.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { catalogIdParamsSchema } from './common.ts';
import {
  createDocumentTypeBodySchema,
  documentTypeListSchema,
  documentTypeSchema,
  updateDocumentTypeBodySchema,
} from './document-types.ts';
import {
  createServiceTypeBodySchema,
  serviceTypeListSchema,
  serviceTypeSchema,
  updateServiceTypeBodySchema,
} from './service-types.ts';
import {
  createServiceBodySchema,
  serviceListSchema,
  serviceSchema,
  servicesQuerySchema,
  updateServiceBodySchema,
} from './services.ts';
import {
  createTaxTemplateBodySchema,
  taxTemplateListSchema,
  taxTemplateSchema,
  updateTaxTemplateBodySchema,
} from './tax-templates.ts';
import {
  createTaxYearBodySchema,
  taxYearListSchema,
  taxYearParamsSchema,
  taxYearSchema,
  updateTaxYearBodySchema,
} from './years.ts';

// What anyone may read to open a ticket: visible service types, active services and years, document types.
const tags = ['Catalogue'];

export const listPublicServiceTypes = endpoint({
  method: 'GET',
  path: '/api/v1/catalog/service-types',
  public: true,
  tags,
  summary: 'Service types shown on the website (Item Group)',
  response: { 200: serviceTypeListSchema },
});

export const listPublicServices = endpoint({
  method: 'GET',
  path: '/api/v1/catalog/services',
  public: true,
  tags,
  summary: 'Active services, optionally of one type, with price (Item)',
  query: servicesQuerySchema,
  response: { 200: serviceListSchema },
});

export const listPublicYears = endpoint({
  method: 'GET',
  path: '/api/v1/catalog/years',
  public: true,
  tags,
  summary: 'Tax years offered, newest first (Tax99 Year)',
  response: { 200: taxYearListSchema },
});

export const listPublicDocumentTypes = endpoint({
  method: 'GET',
  path: '/api/v1/catalog/document-types',
  public: true,
  tags,
  summary: 'Tax document types',
  response: { 200: documentTypeListSchema },
});

// Staff read the whole catalogue (hidden and inactive entries too); only Admins change it.
const adminTags = ['Catalogue admin'];

export const listServiceTypes = endpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/service-types',
  roles: STAFF_ROLES,
  tags: adminTags,
  summary: 'Every service type',
  response: { 200: serviceTypeListSchema },
});
export const createServiceType = endpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/service-types',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Create a service type',
  body: createServiceTypeBodySchema,
  response: { 201: serviceTypeSchema },
});
export const updateServiceType = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/service-types/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Change a service type',
  params: catalogIdParamsSchema,
  body: updateServiceTypeBodySchema,
  response: { 200: serviceTypeSchema },
});
export const deleteServiceType = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/catalog/service-types/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Delete an unused service type',
  params: catalogIdParamsSchema,
  response: noContentResponse,
});

export const listServices = endpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/services',
  roles: STAFF_ROLES,
  tags: adminTags,
  summary: 'Every service, active or not',
  query: servicesQuerySchema,
  response: { 200: serviceListSchema },
});
export const createService = endpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/services',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Create a service',
  body: createServiceBodySchema,
  response: { 201: serviceSchema },
});
export const updateService = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/services/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Change a service (price, activity...)',
  params: catalogIdParamsSchema,
  body: updateServiceBodySchema,
  response: { 200: serviceSchema },
});
export const deleteService = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/catalog/services/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Delete a service no ticket uses',
  params: catalogIdParamsSchema,
  response: noContentResponse,
});

export const listYears = endpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/years',
  roles: STAFF_ROLES,
  tags: adminTags,
  summary: 'Every tax year',
  response: { 200: taxYearListSchema },
});
export const createYear = endpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/years',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Offer a tax year',
  body: createTaxYearBodySchema,
  response: { 201: taxYearSchema },
});
export const updateYear = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/years/:year',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Offer or withdraw a tax year',
  params: taxYearParamsSchema,
  body: updateTaxYearBodySchema,
  response: { 200: taxYearSchema },
});
export const deleteYear = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/catalog/years/:year',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Delete a tax year no ticket uses',
  params: taxYearParamsSchema,
  response: noContentResponse,
});

export const listDocumentTypes = endpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/document-types',
  roles: STAFF_ROLES,
  tags: adminTags,
  summary: 'Every document type',
  response: { 200: documentTypeListSchema },
});
export const createDocumentType = endpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/document-types',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Create a document type',
  body: createDocumentTypeBodySchema,
  response: { 201: documentTypeSchema },
});
export const updateDocumentType = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/document-types/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Change a document type',
  params: catalogIdParamsSchema,
  body: updateDocumentTypeBodySchema,
  response: { 200: documentTypeSchema },
});
export const deleteDocumentType = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/catalog/document-types/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Delete an unused document type',
  params: catalogIdParamsSchema,
  response: noContentResponse,
});

// Tax templates (Item Tax Template), for billing
export const listTaxTemplates = endpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/tax-templates',
  roles: STAFF_ROLES,
  tags: adminTags,
  summary: 'Tax templates (rates in basis points)',
  response: { 200: taxTemplateListSchema },
});
export const createTaxTemplate = endpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/tax-templates',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Create a tax template',
  body: createTaxTemplateBodySchema,
  response: { 201: taxTemplateSchema },
});
export const updateTaxTemplate = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/tax-templates/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Change a tax template',
  params: catalogIdParamsSchema,
  body: updateTaxTemplateBodySchema,
  response: { 200: taxTemplateSchema },
});
export const deleteTaxTemplate = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/catalog/tax-templates/:id',
  roles: ['Admin'],
  tags: adminTags,
  summary: 'Delete an unused tax template',
  params: catalogIdParamsSchema,
  response: noContentResponse,
});
