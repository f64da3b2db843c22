/**
 * Refusals of tickets, questionnaires, documents, document requests, drafts, signing and notifications, beyond the
 * contract's own message objects (SIGNING_MESSAGES, DRAFT_MESSAGES, UPLOAD_MESSAGES). A ticket's status in a refusal
 * is a value (the pipeline's name or label, as ticket_statuses holds it).
 */
export const TICKET_TEXTS = {
  ticket: {
    phoneRequired: 'A phone number is required. Add one to your profile.',
    chooseService: 'Choose one of the services we offer.',
    serviceNotOfType: 'This service is not of the chosen service type.',
    chooseTaxYear: 'Choose one of the tax years we offer.',
    chooseCustomer: 'Choose the customer this ticket is for.',
    chooseExistingCustomer: 'Choose an existing customer.',
    requestKeyInvalid: 'The Idempotency-Key header must be 8 to 128 printable characters.',
    requestKeyReused: 'This Idempotency-Key was sent with another request. Send a new key for a new request.',
    chooseAssignee: 'Choose a staff member to assign the ticket to.',
    internalNotesStaffOnly: 'Only staff can write internal notes.',
    attachmentsUnavailable: 'Attaching documents to messages is not available yet.',
    stale:
      'Someone else changed this ticket while you were looking at it. Reload it to see the latest status, then try again.',
    alreadyInStatus: 'The ticket is already {{status}}.',
    moveNotAllowed: 'You cannot move a ticket from {{from}} to {{to}}.',
  },
  questionnaire: {
    ticketFinished: 'The questionnaire of a ticket that is {{status}} cannot change.',
    notProtected: 'This field is not a protected value.',
    nothingStored: 'Nothing is stored in this field.',
    enterFullNumber: 'Enter the full number again.',
    sayWhose: 'Say whose questionnaires.',
  },
  documents: {
    notFound: 'Document not found.',
    noThumbnail: 'This document has no thumbnail.',
    customerNotFound: 'Customer not found.',
    unexpectedFileField: 'Unexpected file field; send files as "file".',
    ticketOfAnotherCustomer: 'The ticket belongs to another customer.',
    chooseCustomer: 'Choose the customer whose vault this goes to.',
    oneFilePerRequest: 'Upload one file per document request.',
    keptWithHistory: 'This document is a version of a tax draft or a Form 8879 and is kept with its history.',
    signedRecordKept: 'This document is a signed record (a signed Form 8879 or engagement letter) and is kept.',
    /** UPLOAD_MESSAGES.activePdf, then what was found (`what`: a key of activeContent). */
    activePdf: '$t(uploads.activePdf) ($t(tickets.documents.activeContent.{{what}}))',
    /** What makes a PDF act (documents/pdf-active-content.ts). */
    activeContent: {
      javascript: 'JavaScript',
      automaticActions: 'automatic actions',
      launchAction: 'a launch action',
      attachedFile: 'an attached file',
      attachedFiles: 'attached files',
      richMedia: 'rich media',
      xfaForm: 'an XFA form',
      importAction: 'an import action',
      formSubmission: 'a form submission',
      other: 'active content',
    },
  },
  requests: {
    notFound: 'Document request not found.',
    notOpen: 'This document request is no longer open.',
    otherTicket: 'This document request belongs to another ticket.',
    ticketFinished: 'Documents cannot be requested on a ticket that is {{status}}.',
    chooseDocumentType: 'Choose one of the document types.',
    /** A request's file must be an upload of the customer's vault (not a draft, nor staff's internal papers). */
    notAnUpload: 'Choose a document the customer uploaded to their documents.',
    /** The customer's confirm, or an upload from the request, of a file whose type is another specific type. */
    otherType:
      'This file is filed as {{fileType}}, but this request asks for {{requestType}}. Choose a {{requestType}} file.',
    /** The customer's confirm of a pair they declined ("Not this one"). */
    declinedPair: 'You said this file is not for this request. Upload the right file from the request.',
    /** A request that is not open any more, by its status. */
    already: {
      open: 'This request is already open.',
      fulfilled: 'This request is already fulfilled.',
      cancelled: 'This request is already cancelled.',
    },
  },
  drafts: {
    sendMultipart: 'Send the draft as multipart/form-data.',
    oneFile: 'Upload one draft PDF at a time.',
    customerOnly: 'Only the customer of this ticket can review its draft.',
  },
  notifications: {
    notFound: 'Notification not found.',
  },
  signing: {
    sendMultipart: 'Send the form as multipart/form-data.',
    oneFile: 'Upload one PDF.',
    fileRequired: 'Choose the Form 8879 PDF to upload.',
    taxpayerOnly: 'Only the taxpayer of this ticket signs its Form 8879.',
    digestMismatch: 'The unsigned form does not match its recorded digest.',
  },
} as const;
