/**
 * User-facing texts that the server sends and the web shows. SPEC.md §8's
 * wording is a requirement, odd English included, so it lives here once.
 */
export const MESSAGES = {
  incorrectOldPassword: 'Incorrect Old Password',
  passwordConfirmMismatch: "Password confirm password can't match..!",
  passwordSameAsOld: 'Old password and new password must not be same..!',
  passwordUpdated: 'Password Updated Successfully',
  invalidCredentials: 'Invalid e-mail or password',
  emailTaken: 'An account with this e-mail already exists. Sign in instead.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetRequested: 'If an account exists for that e-mail, a reset link is on its way.',
  resetInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. Please sign in.',
  /** A set-password link used by someone who had no password yet (invited by the firm): they joined. */
  accountReady: 'Your account is ready. Welcome! Please sign in with your new password.',
  signedOut: 'Signed out',
  somethingWentWrong: 'Something Went Wrong',
  /** 503 while the database is out of reach (a restart, a failover): the client may try again. */
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** 409 when a change would break a link between records (a foreign key): the records are kept as they were. */
  stillInUse: 'This cannot be changed or removed: other records still depend on it. Nothing was changed.',
  submittedSuccessfully: 'Submitted successfully...!',
  csrfMissing: 'Your session could not be verified. Reload the page and try again.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  tokenReadOnly: 'This API token is read-only.',
  tokenCannotMintTokens: 'API tokens cannot create API tokens: sign in to create one.',
  /** A route for a person signed in (their factors, e-mail, account), called with an API token. */
  sessionOnly: 'An API token cannot do this: sign in to the portal to do it.',
  notFound: 'Not found.',
  ticketNotFound: 'Ticket not found.',
  /** A cancelled ticket is finished with: nobody takes it on, no documents are added to it. */
  ticketCancelledNoAssignee: 'This ticket is cancelled: it is not assigned to anyone any more.',
  ticketCancelledNoUploads: 'This ticket is cancelled: upload to your documents, or to another ticket.',
  passwordLength: 'Password must be 8 to 128 characters.',
} as const;
