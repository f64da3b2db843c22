/**
 * Organizers (issue 32): the refusals of Admin's templates and of a ticket's organizer (its answers, their
 * version, its protected values). `status` is a ticket's status (a value).
 */
export const ORGANIZER_TEXTS = {
  template: {
    notFound: 'Organizer not found.',
    chooseService: 'Choose one of the services we offer, or none for every service.',
    noDraft: 'There is no draft to publish. Save a draft first.',
  },
  answers: {
    none: 'This ticket has no organizer.',
    invalid: 'Some answers are not valid. Check the highlighted questions.',
    unknownQuestion: 'This organizer does not ask this question.',
    duplicateEntry: 'Two entries of this list have the same id.',
    staleVersion: 'This organizer has changed since you opened it. Reload the page to see the current questions.',
    staleAnswers:
      'These answers were changed in another tab or window since you opened them. Your last change was not saved: we loaded the latest answers.',
    ticketFinished: 'The organizer of a ticket that is {{status}} cannot change.',
    notProtected: 'This question does not hold an SSN or ITIN.',
    nothingStored: 'Nothing is stored in this answer.',
  },
} as const;
