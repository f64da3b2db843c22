/** The texts of the PDFs the server writes (the invoice, the Form 8879 audit page). */
export const PDF_TEXTS = {} as const;
