/**
 * The field messages of organizers (issue 32): a template's definition and a client's answers; FIELD_TEXTS.organizer
 * in the server's catalogue. Schemas name them as `{ error: () => ORGANIZER_FIELD_MESSAGES.x }`
 * (common/field-messages.ts says why).
 */
export const ORGANIZER_FIELD_MESSAGES = {
  questionId: 'Use 1 to 40 lower-case letters, digits or _ , starting with a letter.',
  duplicateId: 'Another question already uses this id.',
  unknownReference: 'A condition can only name a question asked before this one.',
  optionsRequired: 'A choice needs at least two options.',
  duplicateOption: 'Two options have the same value.',
  fieldsRequired: 'A repeating group needs at least one question inside it.',
  tooManyQuestions: 'An organizer holds at most 500 questions.',
  conditionTooDeep: 'Conditions nest at most 4 levels deep.',
  conditionValue: 'This comparison needs a value.',
  itemLabelField: 'Name a text question of this group.',
  notAnOption: 'Choose one of the options.',
  money: 'Must be an amount of at most 1,000,000,000 with at most two decimals.',
  tooManyItems: 'Too many entries.',
  rangeOrder: 'The smallest value cannot be larger than the largest.',
  wholeNumber: 'Must be a whole number.',
  belowMin: 'Too small for this question.',
  aboveMax: 'Too large for this question.',
  householdFirstName: 'A group of household dependents needs a text question with the id first_name.',
  householdFieldKind:
    'In a group of household dependents this id holds a field of the dependent: first_name, last_name and relationship are one-line text, date_of_birth a date, ssn an SSN or ITIN, months_lived_with_you a number.',
  householdGroupOnce: 'Only one group can hold the household dependents.',
} as const;
