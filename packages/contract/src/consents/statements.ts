/**
 * The mandatory statements of Rev. Proc. 2013-14 (2013-3 I.R.B. 460), section 5.04(1), for consents of taxpayers who
 * file a return in the Form 1040 series (docs/decisions/0034). English is the legal text and is what a taxpayer signs:
 * these strings are copied verbatim, never edited or translated in place; a change here is a change of law or a
 * mistake. The Spanish below is a reader's aid, labelled as such where it is shown, never signed.
 *
 * Which statements a portal consent carries:
 * - consent to disclose: (a) FIRST + (a) SECOND, then TIGTA;
 * - consent to use: (c) FIRST + (c) SECOND, then TIGTA.
 * Not offered (refused by the schema, handled on paper): the (b) variant for a disclosure to another tax return
 * preparer that the firm may make a condition of its services (portal consents are never a condition of service),
 * and the (e) statements for a disclosure to a preparer outside the United States (with or without the SSN,
 * Treas. Reg. §301.7216-3(b)(4)): a portal recipient must be in the United States.
 */
export const MANDATORY_STATEMENTS = {
  disclose: [
    'Federal law requires this consent form be provided to you. Unless authorized by law, we cannot disclose your tax return information to third parties for purposes other than the preparation and filing of your tax return without your consent. If you consent to the disclosure of your tax return information, Federal law may not protect your tax return information from further use or distribution.',
    'You are not required to complete this form to engage our tax return preparation services. If we obtain your signature on this form by conditioning our tax return preparation services on your consent, your consent will not be valid. If you agree to the disclosure of your tax return information, your consent is valid for the amount of time that you specify. If you do not specify the duration of your consent, your consent is valid for one year from the date of signature.',
  ],
  use: [
    'Federal law requires this consent form be provided to you. Unless authorized by law, we cannot use your tax return information for purposes other than the preparation and filing of your tax return without your consent.',
    'You are not required to complete this form to engage our tax return preparation services. If we obtain your signature on this form by conditioning our tax return preparation services on your consent, your consent will not be valid. Your consent is valid for the amount of time that you specify. If you do not specify the duration of your consent, your consent is valid for one year from the date of signature.',
  ],
  tigta:
    'If you believe your tax return information has been disclosed or used improperly in a manner unauthorized by law or without your permission, you may contact the Treasury Inspector General for Tax Administration (TIGTA) by telephone at 1-800-366-4484, or by email at complaints@tigta.treas.gov.',
} as const;

/**
 * A Spanish translation of the statements, shown to Spanish readers beside (never instead of) the English they sign.
 * Not an IRS text: ours, labelled "Traducción de cortesía".
 */
export const MANDATORY_STATEMENTS_ES = {
  disclose: [
    'La ley federal exige que se le entregue este formulario de consentimiento. Salvo que la ley lo autorice, no podemos divulgar la información de su declaración de impuestos a terceros para fines distintos de la preparación y presentación de su declaración sin su consentimiento. Si usted consiente en la divulgación de la información de su declaración de impuestos, es posible que la ley federal no proteja esa información de usos o distribuciones posteriores.',
    'No está obligado a completar este formulario para contratar nuestros servicios de preparación de declaraciones de impuestos. Si obtenemos su firma en este formulario condicionando nuestros servicios de preparación a su consentimiento, su consentimiento no será válido. Si acepta la divulgación de la información de su declaración de impuestos, su consentimiento es válido por el tiempo que usted indique. Si no indica la duración de su consentimiento, este es válido por un año a partir de la fecha de la firma.',
  ],
  use: [
    'La ley federal exige que se le entregue este formulario de consentimiento. Salvo que la ley lo autorice, no podemos usar la información de su declaración de impuestos para fines distintos de la preparación y presentación de su declaración sin su consentimiento.',
    'No está obligado a completar este formulario para contratar nuestros servicios de preparación de declaraciones de impuestos. Si obtenemos su firma en este formulario condicionando nuestros servicios de preparación a su consentimiento, su consentimiento no será válido. Su consentimiento es válido por el tiempo que usted indique. Si no indica la duración de su consentimiento, este es válido por un año a partir de la fecha de la firma.',
  ],
  tigta:
    'Si cree que la información de su declaración de impuestos se ha divulgado o usado de forma indebida, de una manera no autorizada por la ley o sin su permiso, puede comunicarse con el Inspector General del Tesoro para la Administración Tributaria (TIGTA) por teléfono al 1-800-366-4484, o por correo electrónico a complaints@tigta.treas.gov.',
} as const;
