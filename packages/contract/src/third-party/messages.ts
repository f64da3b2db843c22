/**
 * What the server writes about §7216 disclosures and offers (issue 33 item 4): refusals, the recipient's mail, the
 * offer's unsubscribe line. Named in the server's catalogue as `thirdParty` (texts/index.ts); Spanish in
 * texts/es/third-party.json. Values: `client` the client's name, `recipient` an e-mail address, `firm` the firm's
 * published name, `purpose` the consent's purpose, `until` a date and time (UTC), `link` an address.
 */
export const THIRD_PARTY_MESSAGES = {
  refusals: {
    noDisclosureConsent: '{{client}} has no active consent to disclose tax return information to {{recipient}}.',
    noUseConsent: '{{client}} has no active consent to the use of tax return information for offers.',
    noneConsented: 'None of the chosen clients has an active consent to the use of their information for offers.',
    documentNotOnTicket: 'Choose documents of this ticket only.',
    shareNotFound: 'Share link not found.',
    linkUnavailable: 'This link is no longer available.',
    clientNotFound: 'A chosen client was not found.',
    chooseClients: 'Choose at least one client.',
    offerNotFound: 'Offer not found.',
  },
  shareMail: {
    subject: '{{firm}} shared documents of {{client}} with you',
    intro:
      '{{firm}} shares documents of {{client}} with you, with their written consent, for this purpose: {{purpose}}',
    link: 'Open this link to see and download them (it works until {{until}} UTC, unless it is ended sooner):',
    ignore: 'If you did not expect this message, ignore it; the link works only for the files named on its page.',
  },
  offerMail: {
    unsubscribe:
      'You receive this because you consented to {{firm}} using your tax return information for offers. To stop, revoke that consent in the portal: {{link}}',
  },
} as const;
