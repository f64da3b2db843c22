import type { ConsentKind } from './consents.ts';
import { MANDATORY_STATEMENTS, MANDATORY_STATEMENTS_ES } from './statements.ts';

/** What a consent document names (Treas. Reg. §301.7216-3(a)(3); Rev. Proc. 2013-14 section 5). */
export interface ConsentDocumentFields {
  kind: ConsentKind;
  preparer_name: string;
  /** Every taxpayer of the return (a joint household: both), the signer among them. */
  taxpayer_names: readonly string[];
  /** The taxpayer who signs this document. */
  signer_name: string;
  purpose: string;
  information: string;
  recipient_name: string | null;
  recipient_email: string | null;
  /** The stated last day (YYYY-MM-DD), or null: one year from the date of signature. */
  ends_on: string | null;
}

const LABELS = {
  en: {
    title: { use: 'CONSENT TO USE OF TAX RETURN INFORMATION', disclose: 'CONSENT TO DISCLOSE TAX RETURN INFORMATION' },
    preparer: 'Tax return preparer',
    taxpayer: 'Taxpayer',
    taxpayers: 'Taxpayers (joint return; each signs their own consent)',
    recipient: 'Recipient',
    purpose: 'Purpose',
    information: { use: 'Tax return information to be used', disclose: 'Tax return information to be disclosed' },
    duration: 'Duration',
    until: (d: string) => `This consent is valid through ${d}.`,
    oneYear: 'This consent is valid for one year from the date of signature.',
    voluntary:
      'Signing this consent is not a condition of our services. If you decline it, nothing else about your tax return preparation changes. You may revoke this consent at any time on the client portal, under Consents; a revocation takes effect at once.',
    authorize: {
      use: (f: ConsentDocumentFields) =>
        `I, ${f.signer_name}, authorize ${f.preparer_name} to use the tax return information described above for the purpose described above.`,
      disclose: (f: ConsentDocumentFields) =>
        `I, ${f.signer_name}, authorize ${f.preparer_name} to disclose the tax return information described above to ${f.recipient_name ?? ''} for the purpose described above.`,
    },
  },
  es: {
    title: {
      use: 'CONSENTIMIENTO PARA EL USO DE LA INFORMACIÓN DE SU DECLARACIÓN DE IMPUESTOS',
      disclose: 'CONSENTIMIENTO PARA DIVULGAR LA INFORMACIÓN DE SU DECLARACIÓN DE IMPUESTOS',
    },
    preparer: 'Preparador de la declaración',
    taxpayer: 'Contribuyente',
    taxpayers: 'Contribuyentes (declaración conjunta; cada uno firma su propio consentimiento)',
    recipient: 'Destinatario',
    purpose: 'Propósito',
    information: {
      use: 'Información de la declaración que se usará',
      disclose: 'Información de la declaración que se divulgará',
    },
    duration: 'Duración',
    until: (d: string) => `Este consentimiento es válido hasta el ${d}, inclusive.`,
    oneYear: 'Este consentimiento es válido por un año a partir de la fecha de la firma.',
    voluntary:
      'Firmar este consentimiento no es una condición de nuestros servicios. Si lo rechaza, nada más cambia en la preparación de su declaración. Puede revocarlo en cualquier momento en el portal de clientes, en Consentimientos; la revocación tiene efecto de inmediato.',
    authorize: {
      use: (f: ConsentDocumentFields) =>
        `Yo, ${f.signer_name}, autorizo a ${f.preparer_name} a usar la información de la declaración descrita arriba para el propósito descrito arriba.`,
      disclose: (f: ConsentDocumentFields) =>
        `Yo, ${f.signer_name}, autorizo a ${f.preparer_name} a divulgar la información de la declaración descrita arriba a ${f.recipient_name ?? ''} para el propósito descrito arriba.`,
    },
  },
} as const;

/**
 * The consent document as plain text, paragraphs separated by a blank line. English (`en`) is the document signed:
 * the server stores it when the consent is sent and the signature's SHA-256 covers exactly that string. `es` is the
 * courtesy translation a Spanish reader sees beside it (its statements: MANDATORY_STATEMENTS_ES), never signed.
 * The statements come first, in the order of section 5.04(1), and the TIGTA statement closes the document.
 */
export function renderConsentDocument(f: ConsentDocumentFields, language: 'en' | 'es' = 'en'): string {
  const l = LABELS[language];
  const statements = language === 'en' ? MANDATORY_STATEMENTS : MANDATORY_STATEMENTS_ES;
  const joint = f.taxpayer_names.length > 1;
  const lines = [
    `${l.preparer}: ${f.preparer_name}`,
    `${joint ? l.taxpayers : l.taxpayer}: ${f.taxpayer_names.join(joint ? ' / ' : '')}`,
    ...(f.kind === 'disclose' ? [`${l.recipient}: ${f.recipient_name ?? ''} <${f.recipient_email ?? ''}>`] : []),
    `${l.purpose}: ${f.purpose}`,
    `${l.information[f.kind]}: ${f.information}`,
    `${l.duration}: ${f.ends_on ? l.until(f.ends_on) : l.oneYear}`,
  ];
  return [
    l.title[f.kind],
    ...statements[f.kind],
    lines.join('\n'),
    l.voluntary,
    l.authorize[f.kind](f),
    statements.tigta,
  ].join('\n\n');
}
