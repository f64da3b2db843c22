import { HOUSEHOLD_DEPENDENT_QUESTIONS } from './household-group.ts';
import type { OrganizerDefinition } from './organizer-definition.ts';

/**
 * A small organizer that uses every kind of question, a condition on a yes/no, one on a choice, one inside a
 * repeating group and an and/or, and the household's dependents: the demo firm's sample and the tests' fixture.
 */
export const SAMPLE_ORGANIZER: OrganizerDefinition = {
  sections: [
    {
      id: 'about_you',
      title: { en: 'About you', es: 'Sobre usted' },
      questions: [
        {
          id: 'filing_status',
          type: 'choice',
          label: { en: 'Filing status', es: 'Estado civil para efectos de la declaración' },
          options: [
            { value: 'single', label: { en: 'Single', es: 'Soltero(a)' } },
            { value: 'married_joint', label: { en: 'Married filing jointly', es: 'Casado(a), declaración conjunta' } },
            {
              value: 'married_separate',
              label: { en: 'Married filing separately', es: 'Casado(a), declaración por separado' },
            },
          ],
        },
        { id: 'ssn', type: 'tax_id', label: { en: 'Your SSN or ITIN', es: 'Su SSN o ITIN' } },
        {
          id: 'spouse_ssn',
          type: 'tax_id',
          label: { en: "Your spouse's SSN or ITIN", es: 'SSN o ITIN de su cónyuge' },
          show_if: {
            any: [
              { question: 'filing_status', op: 'equals', value: 'married_joint' },
              { question: 'filing_status', op: 'equals', value: 'married_separate' },
            ],
          },
        },
      ],
    },
    {
      id: 'income',
      title: { en: 'Income', es: 'Ingresos' },
      questions: [
        {
          id: 'has_w2',
          type: 'yes_no',
          label: { en: 'Did you work for an employer?', es: '¿Trabajó para un empleador?' },
        },
        {
          id: 'employers',
          type: 'group',
          label: { en: 'Employers', es: 'Empleadores' },
          show_if: { question: 'has_w2', op: 'equals', value: true },
          item_label_field: 'employer',
          max_items: 10,
          request: { label: { en: 'W-2', es: 'W-2' }, document_type: 'W-2' },
          fields: [
            { id: 'employer', type: 'text', label: { en: 'Employer', es: 'Empleador' } },
            { id: 'wages', type: 'money', label: { en: 'Wages', es: 'Salario' } },
            {
              id: 'other_state',
              type: 'yes_no',
              label: { en: 'Worked in another state?', es: '¿Trabajó en otro estado?' },
            },
            {
              id: 'state',
              type: 'text',
              label: { en: 'Which state?', es: '¿Qué estado?' },
              show_if: { question: 'other_state', op: 'equals', value: true },
            },
          ],
        },
        {
          id: 'sold_stock',
          type: 'yes_no',
          label: { en: 'Did you sell stock?', es: '¿Vendió acciones?' },
          request: { label: { en: '1099-B', es: '1099-B' }, document_type: '1099-B' },
        },
        {
          id: 'stock_proceeds',
          type: 'money',
          label: { en: 'Total proceeds', es: 'Total de las ventas' },
          show_if: { question: 'sold_stock', op: 'equals', value: true },
        },
        {
          id: 'large_sale_note',
          type: 'text',
          multiline: true,
          required: false,
          label: { en: 'Tell us about the large sales', es: 'Cuéntenos sobre las ventas grandes' },
          show_if: {
            all: [
              { question: 'sold_stock', op: 'equals', value: true },
              { question: 'stock_proceeds', op: 'greater_than', value: 50000 },
            ],
          },
        },
      ],
    },
    {
      id: 'family',
      title: { en: 'Family', es: 'Familia' },
      questions: [
        {
          id: 'has_dependents',
          type: 'yes_no',
          label: { en: 'Do you have dependents?', es: '¿Tiene dependientes?' },
        },
        {
          id: 'dependents',
          type: 'group',
          label: { en: 'Dependents', es: 'Dependientes' },
          show_if: { question: 'has_dependents', op: 'equals', value: true },
          item_label_field: 'first_name',
          // Kept once per household and offered to each year's organizer (household-group.ts).
          household_dependents: true,
          fields: [...HOUSEHOLD_DEPENDENT_QUESTIONS],
        },
        {
          id: 'child_care',
          type: 'yes_no',
          label: { en: 'Did you pay for child care?', es: '¿Pagó por el cuidado de niños?' },
          show_if: { question: 'dependents', op: 'answered' },
          request: {
            label: { en: 'Child care provider statement', es: 'Constancia del proveedor de cuidado infantil' },
            document_type: 'Receipts',
          },
        },
        {
          id: 'last_year_return',
          type: 'file',
          required: false,
          label: {
            en: "Last year's return (if we did not prepare it)",
            es: 'La declaración del año pasado (si no la preparamos nosotros)',
          },
        },
        {
          id: 'move_date',
          type: 'date',
          required: false,
          label: { en: 'If you moved this year, when?', es: 'Si se mudó este año, ¿cuándo?' },
        },
        {
          id: 'household_size',
          type: 'number',
          label: { en: 'People in your household', es: 'Personas en su hogar' },
          // A count: "2.5" or "-1" people is no answer.
          integer: true,
          min: 1,
          max: 30,
        },
      ],
    },
  ],
};
