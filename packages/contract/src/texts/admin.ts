/** The catalogue, contacts, audit log and platform refusals staff and Admin meet. */
export const ADMIN_TEXTS = {
  catalog: {
    inUse: 'This item is in use and cannot be deleted. Deactivate or hide it instead.',
    serviceTypeTaken: 'A service type with this name already exists.',
    serviceTaken: 'A service with this name in this type already exists.',
    yearTaken: 'This year already exists.',
    documentTypeTaken: 'A document type with this name already exists.',
    taxTemplateTaken: 'A tax template with this name already exists.',
    chooseServiceType: 'Choose an existing service type.',
  },
  contacts: {
    notFound: 'Contact not found.',
  },
  auditLog: {
    invalidDate: 'Invalid date',
  },
} as const;
