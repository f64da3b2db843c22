import type { ImportMapping, ImportTarget } from '@taxportal/contract';

/** Header words (lower case, accents and punctuation dropped) that name each target, in English and Spanish. */
const NAMES: Record<ImportTarget, string[]> = {
  full_name: [
    'name',
    'full name',
    'fullname',
    'client',
    'client name',
    'customer',
    'customer name',
    'nombre',
    'nombre completo',
    'cliente',
    'nombre del cliente',
  ],
  first_name: ['first name', 'firstname', 'first', 'given name', 'primer nombre', 'nombres', 'nombre de pila'],
  last_name: ['last name', 'lastname', 'last', 'surname', 'family name', 'apellido', 'apellidos'],
  email: [
    'email',
    'e mail',
    'email address',
    'e mail address',
    'mail',
    'correo',
    'correo electronico',
    'email del cliente',
  ],
  phone: [
    'phone',
    'phone number',
    'telephone',
    'mobile',
    'cell',
    'cell phone',
    'telefono',
    'celular',
    'movil',
    'numero de telefono',
  ],
  spouse_name: [
    'spouse',
    'spouse name',
    'spouse full name',
    'conyuge',
    'nombre del conyuge',
    'esposo',
    'esposa',
    'esposo a',
    'pareja',
  ],
  spouse_email: [
    'spouse email',
    'spouse e mail',
    'correo del conyuge',
    'correo conyuge',
    'email del conyuge',
    'email conyuge',
  ],
  language: ['language', 'lang', 'preferred language', 'idioma', 'lengua', 'idioma preferido'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'notas', 'nota', 'comentarios', 'observaciones'],
};

/** A header cell as a comparable key: lower case, no accents, words separated by one space. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The mapping a header suggests: each target gets the first column whose name is one of its words (exactly, then a
 * column that starts with one of them); a column serves one target. A full name column wins over first + last.
 */
export function guessMapping(header: string[]): ImportMapping {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(Object.keys(NAMES).map((t) => [t, null])) as ImportMapping;
  // Specific names before general ones: "spouse email" must not become the e-mail, nor "first name" the name.
  const order: ImportTarget[] = [
    'spouse_email',
    'spouse_name',
    'first_name',
    'last_name',
    'full_name',
    'email',
    'phone',
    'language',
    'notes',
  ];
  for (const pass of ['exact', 'prefix'] as const) {
    for (const target of order) {
      if (mapping[target] !== null) continue;
      const index = keys.findIndex(
        (k, i) =>
          !taken.has(i) &&
          NAMES[target].some((n) => (pass === 'exact' ? k === n : k.startsWith(`${n} `) && !k.startsWith('spouse'))),
      );
      if (index >= 0) {
        mapping[target] = index;
        taken.add(index);
      }
    }
  }
  if (mapping.full_name !== null) {
    mapping.first_name = null;
    mapping.last_name = null;
  }
  return mapping;
}
